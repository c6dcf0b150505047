// Which order emails went out, on the order row itself (string set `emails_sent`). A kind is
// claimed BEFORE its mail is sent: a retried or timed-out step, or two callers at once, find the
// claim and send nothing, so a buyer never gets the same email twice. The price is at-most-once:
// a claim whose send failed is released, and only a process dying mid-send leaves a claim without
// a mail (logged; ops resend by removing the kind from emails_sent).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderEmailKind } from './order-email-templates.ts';

const ordersTable = () => requireEnv(envNames.ordersTable);

/** True when this caller now owns sending `kind` for the order; false when it was claimed before. */
export async function claimOrderEmail(orderId: string, kind: OrderEmailKind): Promise<boolean> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: ordersTable(),
        Key: { id: orderId },
        // The claim is a row write like any other, so it counts in the optimistic-lock version; it
        // leaves updated_at alone because nothing the buyer sees changed.
        UpdateExpression: 'ADD emails_sent :kinds, #version :one',
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

/** Gives a claim back after its mail could not be sent, so a later call may try again. */
export async function releaseOrderEmail(orderId: string, kind: OrderEmailKind): Promise<void> {
  await documents().send(
    new UpdateCommand({
      TableName: ordersTable(),
      Key: { id: orderId },
      UpdateExpression: 'DELETE emails_sent :kinds ADD #version :one',
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':kinds': new Set([kind]), ':one': 1 },
    }),
  );
}
