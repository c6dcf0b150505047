// The subscribers table (double opt-in). Two kinds of item under one key `pk`:
//   subscriber#<sha256(lower(email))>  the address, its status, its confirmation requests and,
//                                      while pending, its TTL
//   token#<sha256(token)>              one confirm or unsubscribe link, pointing at a subscription
// Links hold random tokens; the table holds only their hashes. A subscription_id ties each token
// to one sign-up, so a link from an earlier, unsubscribed sign-up cannot act on a newer one. The
// sign-up API only records requests; the confirmation sender (its stream) makes the tokens and mails.
import { randomBytes, randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { sha256Hex } from '#common/hashing.ts';
import { config, serviceLimits } from '#shared/config.ts';
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
  /** The latest confirmation request; the stream's sender mails each new value once. */
  confirmation_requested_at?: string;
  /** The requests of the last 24 hours (the daily cap of confirmation mails). */
  confirmations_requested_at?: string[];
  /** The request the last confirmation mail answered, and when it went. */
  confirmation_mailed_for?: string;
  confirmation_sent_at?: string;
  last_request_at?: string;
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

/**
 * A sign-up request as subscribe.ts decided it: a new pending sign-up (`renewing` null: no item, or
 * a pending one that lapsed), or a fresh confirmation mail for the live pending one. Either way
 * `confirmation_requested_at` changes, which is what the stream hands to the confirmation sender.
 */
export interface ConfirmationRequest {
  email: string;
  emailHash: string;
  renewing: SubscriberRecord | null;
  /** The requests of the last 24 hours, this one last (the daily cap counts them). */
  requestedAt: string[];
  now: Date;
}

/**
 * Records a confirmation request. Never extends a pending sign-up's expiry. Returns false when a
 * concurrent request for the same address won (it is the one that gets mailed).
 */
export async function recordConfirmationRequest(request: ConfirmationRequest): Promise<boolean> {
  const { now, renewing } = request;
  const timestamp = now.toISOString();
  const nowSeconds = epochSeconds(now);
  const command: PutCommand | UpdateCommand = renewing
    ? new UpdateCommand({
        TableName: table(),
        Key: subscriberKey(request.emailHash),
        UpdateExpression:
          'SET email = :email, confirmation_requested_at = :now, confirmations_requested_at = :requests, updated_at = :now',
        // The same item as read: a concurrent request cannot slip past the pause or the cap.
        ConditionExpression: renewing.confirmation_requested_at
          ? 'subscription_id = :sid AND #status = :pending AND confirmation_requested_at = :previous'
          : 'subscription_id = :sid AND #status = :pending AND attribute_not_exists(confirmation_requested_at)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':email': request.email,
          ':now': timestamp,
          ':requests': request.requestedAt,
          ':sid': renewing.subscription_id,
          ':pending': 'pending',
          ...(renewing.confirmation_requested_at ? { ':previous': renewing.confirmation_requested_at } : {}),
        },
      })
    : new PutCommand({
        TableName: table(),
        Item: {
          ...subscriberKey(request.emailHash),
          email: request.email,
          email_hash: request.emailHash,
          status: 'pending',
          subscription_id: randomUUID(),
          created_at: timestamp,
          updated_at: timestamp,
          confirmation_requested_at: timestamp,
          confirmations_requested_at: request.requestedAt,
          expires_at: nowSeconds + config.limits.newsletterConfirmDays * daySeconds,
        } satisfies SubscriberRecord,
        // New, or replacing a pending sign-up that lapsed but TTL has not removed yet.
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :pending AND expires_at < :nowSeconds)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':nowSeconds': nowSeconds },
      });
  try {
    await (command instanceof PutCommand ? documents().send(command) : documents().send(command));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * A request that mails nothing (confirmed, within the pause, over the cap) still writes once, the
 * time of the last request: every sign-up request costs one read and one write, so how long the
 * answer takes says nothing about the address. No item (a race with an unsubscribe): nothing.
 */
export async function recordIgnoredRequest(emailHash: string, now: Date): Promise<void> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: table(),
        Key: subscriberKey(emailHash),
        UpdateExpression: 'SET last_request_at = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

export interface ConfirmationLinks {
  subscriber: SubscriberRecord;
  confirmToken: string;
  unsubscribeToken: string;
  now: Date;
}

/**
 * Writes the two link tokens of a requested confirmation, while that request still stands: the
 * sign-up is the same, pending, this request is its latest and it has not been mailed. The confirm
 * link lapses with the sign-up (a resend never extends it). False: superseded, nothing to mail.
 */
export async function writeConfirmationLinks(links: ConfirmationLinks): Promise<boolean> {
  const { subscriber, now } = links;
  const requestedAt = subscriber.confirmation_requested_at;
  if (!requestedAt || subscriber.expires_at === undefined) return false;
  const tokenPut = (token: string, kind: TokenKind, expiresAt: number) => ({
    Put: {
      TableName: table(),
      Item: {
        ...tokenKey(token),
        kind,
        email_hash: subscriber.email_hash,
        subscription_id: subscriber.subscription_id,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      } satisfies TokenRecord,
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  try {
    await documents().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: table(),
              Key: subscriberKey(subscriber.email_hash),
              ConditionExpression:
                'subscription_id = :sid AND #status = :pending AND confirmation_requested_at = :requested AND (attribute_not_exists(confirmation_mailed_for) OR confirmation_mailed_for <> :requested)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':sid': subscriber.subscription_id,
                ':pending': 'pending',
                ':requested': requestedAt,
              },
            },
          },
          tokenPut(links.confirmToken, 'confirm', subscriber.expires_at),
          tokenPut(
            links.unsubscribeToken,
            'unsubscribe',
            epochSeconds(now) + serviceLimits.newsletterUnsubscribeLinkDays * daySeconds,
          ),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = error.CancellationReasons?.map((reason) => reason.Code) ?? [];
    if (codes.includes('ConditionalCheckFailed') || codes.includes('TransactionConflict')) return false;
    throw error;
  }
}

/** Records which request the confirmation mail answered (a redelivered stream record then mails nothing). */
export async function markConfirmationSent(subscriber: SubscriberRecord, now: Date): Promise<void> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: table(),
        Key: subscriberKey(subscriber.email_hash),
        UpdateExpression: 'SET confirmation_mailed_for = :requested, confirmation_sent_at = :now',
        ConditionExpression: 'subscription_id = :sid',
        ExpressionAttributeValues: {
          ':requested': subscriber.confirmation_requested_at,
          ':now': now.toISOString(),
          ':sid': subscriber.subscription_id,
        },
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
