// Which order emails went out, on the order row itself (string set `emails_sent`). A kind is
// claimed BEFORE its mail is sent: a retried or timed-out step, or two callers at once, find the
// claim and send nothing, so a buyer never gets the same email twice. The price is at-most-once:
// a claim whose send failed is released, and only a process dying mid-send leaves a claim without
// a mail (logged; ops resend by removing the kind from emails_sent).
//
// The email that ends an order's story (ready, failed, refused) must not be lost to an SES outage:
// when its send fails, the release also marks it owed (`email_owed`, the key of the sparse
// by_email_owed index), and the reconciler sends it once SES is back. Claiming that kind clears it.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderEmailKind, OwedEmailKind } from './email-kinds.ts';
import { owedEmailKinds } from './email-kinds.ts';

const ordersTable = () => requireEnv(envNames.ordersTable);

export function isOwedKind(kind: OrderEmailKind): kind is OwedEmailKind {
  return (owedEmailKinds as readonly OrderEmailKind[]).includes(kind);
}

/** True when this caller now owns sending `kind` for the order; false when it was claimed before. */
export async function claimOrderEmail(orderId: string, kind: OrderEmailKind): Promise<boolean> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: ordersTable(),
        Key: { id: orderId },
        // The claim is a row write like any other, so it counts in the optimistic-lock version; it
        // leaves updated_at alone because nothing the buyer sees changed. An order owes at most one
        // of the final kinds (it ends one way), so claiming one settles what it owed.
        UpdateExpression: `ADD emails_sent :kinds, #version :one${isOwedKind(kind) ? ' REMOVE email_owed' : ''}`,
        ConditionExpression: 'attribute_exists(id) AND NOT contains(emails_sent, :kind)',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':kinds': new Set([kind]), ':kind': kind, ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Gives a claim back, so a later call may try again: after its mail could not be sent (`owed`:
 * the reconciler will), or because ops send it again by hand.
 */
export async function releaseOrderEmail(
  orderId: string,
  kind: OrderEmailKind,
  options: { owed: boolean } = { owed: false },
): Promise<void> {
  const owe = options.owed && isOwedKind(kind);
  await documents().send(
    new UpdateCommand({
      TableName: ordersTable(),
      Key: { id: orderId },
      UpdateExpression: `DELETE emails_sent :kinds ${owe ? 'SET email_owed = :kind ' : ''}ADD #version :one`,
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':kinds': new Set([kind]), ':one': 1, ...(owe ? { ':kind': kind } : {}) },
    }),
  );
}

/** Forgets an owed email the order no longer calls for (the reconciler judged it untrue now). */
export async function forgetOwedEmail(orderId: string, kind: OwedEmailKind): Promise<void> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: ordersTable(),
        Key: { id: orderId },
        UpdateExpression: 'REMOVE email_owed ADD #version :one',
        ConditionExpression: 'email_owed = :kind',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':kind': kind, ':one': 1 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
