// Stripe's wire format for parameters: `a[b][0][c]=x` in the query string or an
// application/x-www-form-urlencoded body, decoded into nested objects and arrays.
import type { IncomingMessage } from 'node:http';
import qs from 'qs';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = Record<string, FormValue>;

export function decodeForm(encoded: string): FormParams {
  // Stripe nests deeper than qs's default depth of 5 (line_items[0][price_data][product_data][name])
  // and its lists can exceed qs's 20-item array limit.
  return qs.parse(encoded, { depth: 10, arrayLimit: 100, parameterLimit: 1000 }) as FormParams;
}

/** The request body as text, or null when it is over `limitBytes`. */
export async function readBody(req: IncomingMessage, limitBytes: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Reads to the end even when too large: stopping early would destroy the socket, and with it
  // the chance to answer 413.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limitBytes) chunks.push(chunk as Buffer);
  }
  return size > limitBytes ? null : Buffer.concat(chunks).toString('utf8');
}
