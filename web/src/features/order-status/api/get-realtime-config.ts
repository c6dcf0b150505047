// Reads the runtime /config.json for the live-status channel. Missing or malformed config is not
// an error the buyer sees: the page then polls (features/order-status/live-updates.ts).
import { type RuntimeConfig, runtimeConfigPath, runtimeConfigSchema } from '#shared/runtime-config.ts';

export type RealtimeConfig = RuntimeConfig['realtime'];

export async function getRealtimeConfig(): Promise<RealtimeConfig | null> {
  try {
    const response = await fetch(runtimeConfigPath, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) return null;
    const parsed = runtimeConfigSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.realtime : null;
  } catch {
    return null;
  }
}
