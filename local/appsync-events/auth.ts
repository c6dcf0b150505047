// Who calls the twin's AppSync Events: a holder of the API key, or an IAM principal whose SigV4
// signature is checked by signing the same request again with the credentials the twin knows.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { EventsAuthMode } from '#shared/order-channel.ts';
import { notAuthorized } from './channels.ts';

/** AWS refuses SigV4 requests dated more than 15 minutes away from its clock. */
const maxClockSkewMs = 15 * 60_000;

/** Whether an `authorization` object (a message's, or the connection's headers) carries the key. */
export type ApiKeyCheck = (authorization: Record<string, unknown> | undefined) => boolean;

export function apiKeyCheck(apiKey: string): ApiKeyCheck {
  return (authorization) =>
    typeof authorization?.['x-api-key'] === 'string' && safeEqual(authorization['x-api-key'], apiKey);
}

export interface IamSigner {
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
}

/** Who is publishing over HTTP: an IAM principal (valid SigV4) or a holder of the API key. */
export async function authenticatePublisher(
  req: IncomingMessage,
  body: string,
  accepted: { hasKey: ApiKeyCheck; iam: IamSigner },
): Promise<{ authMode: EventsAuthMode } | { refusal: string }> {
  if (String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
    const refusal = await verifySigV4(req, body, accepted.iam);
    return refusal ? { refusal } : { authMode: 'AWS_IAM' };
  }
  if (accepted.hasKey({ 'x-api-key': req.headers['x-api-key'] })) return { authMode: 'API_KEY' };
  return { refusal: notAuthorized.message };
}

/**
 * Checks a SigV4 `Authorization` header by signing the same request again with the credentials
 * the emulator knows. Returns why it is refused, or null.
 */
async function verifySigV4(req: IncomingMessage, body: string, expected: IamSigner): Promise<string | null> {
  const authorization = String(req.headers.authorization);
  const parts =
    /^AWS4-HMAC-SHA256 Credential=([^/,]+)\/(\d{8})\/([^/,]+)\/([^/,]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!parts) return 'Authorization header is not a SigV4 signature';
  const [, accessKeyId, , scopeRegion, service, signedHeaderList = '', signature = ''] = parts;
  if (accessKeyId !== expected.credentials.accessKeyId) return 'The security token included in the request is invalid.';
  if (service !== 'appsync' || scopeRegion !== expected.region) {
    return `Credential should be scoped to service appsync in ${expected.region}`;
  }
  const signingDate = parseAmzDate(String(req.headers['x-amz-date'] ?? ''));
  if (!signingDate) return 'The request has no valid x-amz-date header';
  if (Math.abs(Date.now() - signingDate.getTime()) > maxClockSkewMs) return 'Signature expired';
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) return 'The host header must be signed';
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (payloadHash !== undefined && payloadHash !== createHash('sha256').update(body).digest('hex')) {
    return 'The provided x-amz-content-sha256 header does not match the body';
  }

  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const signer = new SignatureV4({
    service: 'appsync',
    region: expected.region,
    credentials: expected.credentials,
    sha256: Sha256,
    applyChecksum: false,
  });
  const resigned = await signer.sign(
    {
      method: req.method ?? 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(signedHeaders.map((name) => [name, headerValue(req, name)])),
      body,
    },
    { signingDate, signableHeaders: new Set(signedHeaders) },
  );
  const expectedSignature = /Signature=([0-9a-f]{64})/.exec(String(resigned.headers.authorization))?.[1] ?? '';
  return safeEqual(signature, expectedSignature)
    ? null
    : 'The request signature we calculated does not match the signature you provided.';
}

/** `20260101T120000Z` → Date. */
function parseAmzDate(value: string): Date | null {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second] = parts.map(Number) as number[];
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second));
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
