// Per-IP attempt windows (docs/threat-model.md): one counter item per hashed client, action and clock
// hour in the rate-limits table, removed by TTL after the window. A client is its IPv4 address or
// its IPv6 /64 (clientOf).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ipaddr from 'ipaddr.js';
import { generationConfig, serviceLimits } from '#shared/config.ts';
import { apiMessages } from '#shared/contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { ApiFailure } from './api-failure.ts';
import { documents } from './dynamodb-clients.ts';
import { sha256Hex } from './hashing.ts';

const windowSeconds = 3600;

/** Actions with a budget narrower than the general one (docs/threat-model.md); any other action has the general. */
const narrowBudgets = new Map<string, number>([
  // Creates that name a coupon: a code cannot be guessed from one address.
  ['coupon-lookup', serviceLimits.couponLookupsPerIpPerHour],
  // Checkouts opened and not paid: an order's payment gives its place back (giveBackIpAttempt).
  ['unpaid-checkout', serviceLimits.unpaidCheckoutsPerIpPerHour],
  // Previews before paying: each one fetches a site and cleans its images.
  ['preview', generationConfig.preview.perIpPerHour],
]);

/**
 * The hourly budget of `action` per IP. IP_ATTEMPTS_PER_HOUR sets the stage's general budget
 * (lib/api sets the config's; the twin's tests lift it, or lower it to prove a limit), and a
 * narrower action keeps its share of it, so one setting lifts or lowers every per-IP limit.
 */
export function ipAttemptsPerHour(action?: string): number {
  const general = serviceLimits.ipAttemptsPerHour;
  const override = Number(process.env[envNames.ipAttemptsPerHour]);
  const stageBudget = Number.isInteger(override) && override > 0 ? override : general;
  const narrow = action === undefined ? undefined : narrowBudgets.get(action);
  if (narrow === undefined) return stageBudget;
  return Math.max(1, Math.round((narrow * stageBudget) / general));
}

/** An IPv6 client's share of the address space: one subscriber's LAN, however many addresses it uses. */
const ipv6ClientPrefixBits = 64;

/**
 * Who a per-IP budget counts: an IPv4 address, or the /64 an IPv6 address is in. One home or
 * phone gets a whole /64 and may pick any of its 2^64 addresses, so counting the address alone
 * gives it a fresh budget per request. Every written form of one address gives one client: the
 * compressed and full forms, an IPv4 tail (`2001:db8::1.2.3.4`), a zone id (`fe80::1%eth0`), and an
 * IPv4-mapped address (`::ffff:1.2.3.4`), which is that IPv4 client. Text that is no address (never
 * what CloudFront or the twin hands over) is its own client, as written.
 */
export function clientOf(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return bare;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toNormalizedString()}/${ipv6ClientPrefixBits}`);
  return `${network.toString()}/${ipv6ClientPrefixBits}`;
}

/** The counter one attempt went to: what giveBackIpAttempt needs. */
export interface IpAttempt {
  pk: string;
  sk: string;
}

/**
 * Counts one attempt of `action` from `ip`'s client (clientOf) while its hourly budget lasts; past
 * it, refuses with TOO_MANY_REQUESTS and counts nothing (a refused attempt costs no budget).
 */
export async function countIpAttempt(ip: string, action: string, now = Date.now()): Promise<IpAttempt> {
  const window = Math.floor(now / 1000 / windowSeconds);
  const key = { pk: `ip#${sha256Hex(clientOf(ip))}`, sk: `${action}#${window}` };
  try {
    await documents().send(
      new UpdateCommand({
        TableName: requireEnv(envNames.rateLimitsTable),
        Key: key,
        UpdateExpression: 'ADD attempts :one SET expires_at = if_not_exists(expires_at, :expires)',
        ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :budget',
        ExpressionAttributeValues: {
          ':one': 1,
          ':expires': (window + 1) * windowSeconds + windowSeconds,
          ':budget': ipAttemptsPerHour(action),
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new ApiFailure('TOO_MANY_REQUESTS', apiMessages.tooManyRequests);
    }
    throw error;
  }
  return key;
}

/** Takes back one counted attempt while its window lasts (a paid checkout is no longer an unpaid one). */
export async function giveBackIpAttempt(attempt: IpAttempt, now = Date.now()): Promise<void> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: requireEnv(envNames.rateLimitsTable),
        Key: { pk: attempt.pk, sk: attempt.sk },
        UpdateExpression: 'ADD attempts :minusOne',
        ConditionExpression: 'attempts > :zero AND expires_at > :now',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':now': Math.floor(now / 1000) },
      }),
    );
  } catch (error) {
    // The window is over (or its item gone): there is nothing left to give back.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
