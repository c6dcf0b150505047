// The one way the site talks to its API: JSON in, JSON (or nothing usable) out. Transport
// failures reject; every HTTP answer resolves, so each feature decides what a status means.
import { env } from '../env.ts';

export interface ApiAnswer {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  body: unknown;
}

export async function callApi(path: string, init: { method: 'GET' | 'POST'; json?: unknown }): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${env.apiBaseUrl}${path}`, {
    method: init.method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, ok: response.ok, body };
}
