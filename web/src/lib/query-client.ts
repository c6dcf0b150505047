// The site's one TanStack Query client. Its defaults are the spec's data-cache defaults (§9):
// garbage collection after 5 minutes, 3 retries, retry delay doubling from 1 s up to 30 s.
import { QueryClient } from '@tanstack/react-query';

export const queryDefaults = {
  gcTimeMs: 5 * 60_000,
  retries: 3,
  firstRetryDelayMs: 1000,
  maxRetryDelayMs: 30_000,
} as const;

export function retryDelayMs(failureCount: number): number {
  return Math.min(queryDefaults.firstRetryDelayMs * 2 ** failureCount, queryDefaults.maxRetryDelayMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: queryDefaults.gcTimeMs, retry: queryDefaults.retries, retryDelay: retryDelayMs },
    },
  });
}
