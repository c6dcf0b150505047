// Per-IP attempt windows (DESIGN §9): one counter item per hashed IP, action and clock hour in
// the rate-limits table, removed by TTL after the window.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '#shared/config.ts';
import { messages } from '#shared/contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { ApiFailure } from './api-failure.ts';
import { documents } from './dynamodb-clients.ts';
import { sha256Hex } from './hashing.ts';

const windowSeconds = 3600;

export function ipAttemptsPerHour(): number {
  const override = Number(process.env[envNames.ipAttemptsPerHour]);
  return Number.isInteger(override) && override > 0 ? override : config.limits.ipAttemptsPerHour;
}

/** Counts one attempt of `action` from `ip`; refuses with TOO_MANY_REQUESTS past the limit. */
export async function countIpAttempt(ip: string, action: string, now = Date.now()): Promise<void> {
  const window = Math.floor(now / 1000 / windowSeconds);
  const result = await documents().send(
    new UpdateCommand({
      TableName: requireEnv(envNames.rateLimitsTable),
      Key: { pk: `ip#${sha256Hex(ip)}`, sk: `${action}#${window}` },
      UpdateExpression: 'ADD attempts :one SET expires_at = if_not_exists(expires_at, :expires)',
      ExpressionAttributeValues: { ':one': 1, ':expires': (window + 1) * windowSeconds + windowSeconds },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (Number(result.Attributes?.attempts) > ipAttemptsPerHour()) {
    throw new ApiFailure('TOO_MANY_REQUESTS', messages.tooManyRequests);
  }
}
