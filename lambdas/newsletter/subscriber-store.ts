// The subscribers table (double opt-in). Two kinds of item under one key `pk`:
//   subscriber#<sha256(lower(email))>  the address, its status and, while pending, its TTL
//   token#<sha256(token)>              one confirm or unsubscribe link, pointing at a subscription
// Links hold random tokens; the table holds only their hashes. A subscription_id ties each token
// to one sign-up, so a link from an earlier, unsubscribed sign-up cannot act on a newer one.
import { randomBytes, randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { sha256Hex } from '#common/hashing.ts';
import { config } from '#shared/config.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';

const daySeconds = 86_400;
const table = () => requireEnv(envNames.subscribersTable);
const subscriberKey = (emailHash: string) => ({ pk: `subscriber#${emailHash}` });
const tokenKey = (token: string) => ({ pk: `token#${sha256Hex(token)}` });

export type TokenKind = 'confirm' | 'unsubscribe';

export interface SubscriberRecord {
  pk: string;
  email: string;
  email_hash: string;
  status: 'pending' | 'confirmed';
  subscription_id: string;
  created_at: string;
  updated_at: string;
  confirmed_at?: string;
  confirmation_sent_at?: string;
  /** Epoch seconds; only a pending sign-up lapses. */
  expires_at?: number;
}

interface TokenRecord {
  pk: string;
  kind: TokenKind;
  email_hash: string;
  subscription_id: string;
  created_at: string;
  expires_at: number;
}

export const epochSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** 32 random bytes as base64url: the part of a link only the mailbox owner sees. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function getSubscriber(emailHash: string): Promise<SubscriberRecord | null> {
  const result = await documents().send(
    new GetCommand({ TableName: table(), Key: subscriberKey(emailHash), ConsistentRead: true }),
  );
  return (result.Item as SubscriberRecord | undefined) ?? null;
}

/** A pending sign-up that has not lapsed (TTL deletes late, so the time is compared here). */
export function isLivePending(subscriber: SubscriberRecord | null, now: Date): subscriber is SubscriberRecord {
  return subscriber?.status === 'pending' && (subscriber.expires_at ?? 0) > epochSeconds(now);
}

export interface SignUp {
  email: string;
  emailHash: string;
  /** The live pending sign-up to renew, or null to start a new one. */
  renewing: SubscriberRecord | null;
  confirmToken: string;
  unsubscribeToken: string;
  now: Date;
}

/**
 * Writes a pending sign-up (new, or the live one renewed) together with its two link tokens.
 * Returns the subscription id, or null when a concurrent sign-up of the same address won.
 */
export async function writeSignUp(signUp: SignUp): Promise<string | null> {
  const { now } = signUp;
  const timestamp = now.toISOString();
  const nowSeconds = epochSeconds(now);
  const expiresAt = nowSeconds + config.limits.newsletterConfirmDays * daySeconds;
  const subscriptionId = signUp.renewing?.subscription_id ?? randomUUID();
  const subscriberWrite = signUp.renewing
    ? {
        Update: {
          TableName: table(),
          Key: subscriberKey(signUp.emailHash),
          UpdateExpression: 'SET email = :email, expires_at = :expires, updated_at = :now REMOVE confirmation_sent_at',
          ConditionExpression: 'subscription_id = :sid AND #status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':email': signUp.email,
            ':expires': expiresAt,
            ':now': timestamp,
            ':sid': subscriptionId,
            ':pending': 'pending',
          },
        },
      }
    : {
        Put: {
          TableName: table(),
          Item: {
            ...subscriberKey(signUp.emailHash),
            email: signUp.email,
            email_hash: signUp.emailHash,
            status: 'pending',
            subscription_id: subscriptionId,
            created_at: timestamp,
            updated_at: timestamp,
            expires_at: expiresAt,
          } satisfies SubscriberRecord,
          // New, or replacing a pending sign-up that lapsed but TTL has not removed yet.
          ConditionExpression: 'attribute_not_exists(pk) OR (#status = :pending AND expires_at < :nowSeconds)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending', ':nowSeconds': nowSeconds },
        },
      };
  const tokenPut = (token: string, kind: TokenKind, days: number) => ({
    Put: {
      TableName: table(),
      Item: {
        ...tokenKey(token),
        kind,
        email_hash: signUp.emailHash,
        subscription_id: subscriptionId,
        created_at: timestamp,
        expires_at: nowSeconds + days * daySeconds,
      } satisfies TokenRecord,
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  try {
    await documents().send(
      new TransactWriteCommand({
        TransactItems: [
          subscriberWrite,
          tokenPut(signUp.confirmToken, 'confirm', config.limits.newsletterConfirmDays),
          tokenPut(signUp.unsubscribeToken, 'unsubscribe', config.limits.newsletterUnsubscribeLinkDays),
        ],
      }),
    );
    return subscriptionId;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = error.CancellationReasons?.map((reason) => reason.Code) ?? [];
    if (codes.includes('ConditionalCheckFailed') || codes.includes('TransactionConflict')) return null;
    throw error;
  }
}

/** Records that the confirmation email went out (the resend pause counts from here). */
export async function markConfirmationSent(emailHash: string, subscriptionId: string, now: Date): Promise<void> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: table(),
        Key: subscriberKey(emailHash),
        UpdateExpression: 'SET confirmation_sent_at = :now',
        ConditionExpression: 'subscription_id = :sid',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':sid': subscriptionId },
      }),
    );
  } catch (error) {
    // The sign-up was confirmed or removed in between: nothing left to mark.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** The token's record when it exists, is of `kind` and has not lapsed. */
export async function findToken(token: string, kind: TokenKind, now: Date): Promise<TokenRecord | null> {
  const result = await documents().send(
    new GetCommand({ TableName: table(), Key: tokenKey(token), ConsistentRead: true }),
  );
  const record = result.Item as TokenRecord | undefined;
  if (!record || record.kind !== kind || record.expires_at <= epochSeconds(now)) return null;
  return record;
}

/**
 * Confirms the token's sign-up: true when it is (now or already) confirmed, false when the
 * sign-up lapsed or a newer one replaced it.
 */
export async function confirmSubscription(token: TokenRecord, now: Date): Promise<boolean> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: table(),
        Key: subscriberKey(token.email_hash),
        UpdateExpression:
          'SET #status = :confirmed, confirmed_at = if_not_exists(confirmed_at, :now), updated_at = :now REMOVE expires_at',
        ConditionExpression: 'subscription_id = :sid AND (#status = :confirmed OR expires_at > :nowSeconds)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':confirmed': 'confirmed',
          ':now': now.toISOString(),
          ':sid': token.subscription_id,
          ':nowSeconds': epochSeconds(now),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Deletes the token's sign-up, address and all. Already gone (or replaced by a newer one): nothing to do. */
export async function removeSubscription(token: TokenRecord): Promise<void> {
  try {
    await documents().send(
      new DeleteCommand({
        TableName: table(),
        Key: subscriberKey(token.email_hash),
        ConditionExpression: 'subscription_id = :sid',
        ExpressionAttributeValues: { ':sid': token.subscription_id },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
