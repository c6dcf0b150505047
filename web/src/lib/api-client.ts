// The one way the site talks to its API: JSON in (or a form, where a standard fixes the body:
// RFC 8058's one-click unsubscribe), JSON (or nothing usable) out. Transport failures reject;
// every HTTP answer resolves, so each feature decides what a status means.
import * as z from 'zod/mini';

export interface ApiAnswer {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  body: unknown;
}

/** `path` is a route's path from the route table (`routePath`), same-origin: CloudFront and the twin route /api/*. */
export async function callApi(path: string, init: ApiCall): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const body = init.form
    ? new URLSearchParams(init.form)
    : init.json === undefined
      ? undefined
      : JSON.stringify(init.json);
  const response = await fetch(path, { method: init.method, headers, body });
  const answer: unknown = await response.json().catch(() => undefined);
  return { status: response.status, ok: response.ok, body: answer };
}

export interface ApiCall {
  method: 'GET' | 'POST';
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (fetch sets the type). */
  form?: Record<string, string>;
}

/** A refused call: the server's message and code, either of which may be missing. */
export interface ApiRejection {
  kind: 'rejected';
  error: string | null;
  errorCode: string | null;
}

// Looser than the contract's apiErrorSchema on purpose: an errorCode this build does not know
// still shows the server's own message.
const rejectionSchema = z.object({
  error: z.catch(z.nullish(z.string().check(z.trim(), z.minLength(1))), null),
  errorCode: z.catch(z.nullish(z.string()), null),
});

/** The answer as a refusal (`{error, errorCode}` or any non-2xx), or null when it is not one. */
export function readRejection(answer: ApiAnswer): ApiRejection | null {
  const rejection = rejectionSchema.safeParse(answer.body);
  const { error = null, errorCode = null } = rejection.success ? rejection.data : {};
  return error || errorCode || !answer.ok ? { kind: 'rejected', error, errorCode } : null;
}

/** callApi for the form-like calls, where a transport failure is an outcome ('offline'), not an error. */
export async function callApiOrOffline(path: string, init: ApiCall): Promise<ApiAnswer | { kind: 'offline' }> {
  try {
    return await callApi(path, init);
  } catch {
    return { kind: 'offline' };
  }
}
