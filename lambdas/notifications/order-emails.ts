// Sending the buyer's order emails: once per order and kind (see email-ledger.ts), retried on
// transient failures, and never thrown: a mail problem is logged, the order carries on, and the
// order's last email is owed until the reconciler gets it out.
import { setTimeout as sleep } from 'node:timers/promises';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#common/s3-clients.ts';
import { isPaid, type OrderRecord } from '#orders/order-record.ts';
import { logger } from '#powertools/logger.ts';
import { config } from '#shared/config.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderEmailKind } from './email-kinds.ts';
import { claimOrderEmail, releaseOrderEmail } from './email-ledger.ts';
import { type MailAttachment, sendMail } from './mailer.ts';
import { type OrderEmailFacts, renderOrderEmail } from './order-email-templates.ts';

const sendAttempts = 3;
/** Waits before the 2nd and 3rd attempt; jittered so retries of many orders do not line up. */
const backoffMs = [500, 1_500];

const posterCid = 'poster@reelfive';

type EmailOrder = OrderEmailFacts & Pick<OrderRecord, 'poster_key'>;

/**
 * Sends `kind` to the order's buyer unless it was sent before. Resolves true when the email
 * went out (now or earlier), false when it could not be sent; it never rejects.
 */
export async function sendOrderEmail(kind: OrderEmailKind, order: EmailOrder): Promise<boolean> {
  const context = { orderId: order.id, emailKind: kind };
  let claimed = false;
  try {
    claimed = await withRetries(() => claimOrderEmail(order.id, kind));
    if (!claimed) {
      logger.info('Order email already sent', context);
      return true;
    }
    const attachments = kind === 'ready' ? await posterAttachment(order) : [];
    const email = renderOrderEmail(kind, order, {
      siteUrl: process.env[envNames.siteUrl] ?? config.siteUrl,
      deliverySeconds: Number(requireEnv(envNames.deliverySeconds)),
      ...(attachments.length ? { posterCid } : {}),
    });
    const messageId = await withRetries(() => sendMail({ to: order.email, ...email, attachments }));
    logger.info('Order email sent', { ...context, messageId });
    return true;
  } catch (error) {
    logger.error('Order email not sent', { ...context, error });
    if (claimed) {
      // Owed: the reconciler sends the order's last email once SES answers again.
      await releaseOrderEmail(order.id, kind, { owed: true }).catch((releaseError: unknown) =>
        // The ledger now says sent although nothing went out: ops can see it here and resend.
        logger.error('Order email claim not released', { ...context, error: releaseError }),
      );
    }
    return false;
  }
}

/**
 * Why this email would tell the buyer something untrue now, or null: ops' resend and the
 * reconciler's send of an owed email both ask before sending.
 */
export function whyEmailIsUntrue(order: OrderRecord, kind: OrderEmailKind): string | null {
  if (kind === 'ready' && order.order_status !== 'completed') {
    return `Order ${order.id} is ${order.order_status}: there is no ad to send yet.`;
  }
  if (kind === 'pack_ready' && order.pack_status !== 'ready') {
    return `Order ${order.id}'s pack is ${order.pack_status ?? 'not started'}: there is no pack to send yet.`;
  }
  if (kind === 'failed' && order.order_status !== 'failed') {
    return `Order ${order.id} is ${order.order_status}, not failed.`;
  }
  if (kind === 'revision_ready' && order.revision_status !== 'ready') {
    return `Order ${order.id}'s revision is ${order.revision_status ?? 'not asked for'}: there is no version 2 to send.`;
  }
  if (kind === 'revision_failed' && order.revision_status !== 'failed') {
    return `Order ${order.id}'s revision is ${order.revision_status ?? 'not asked for'}, not failed.`;
  }
  if ((kind === 'refused') !== (order.refused_because !== undefined)) {
    return order.refused_because
      ? `Order ${order.id} was never started (its payment was refused): send it the refused email.`
      : `Order ${order.id} was not refused.`;
  }
  if (kind === 'received' && !(isPaid(order) || order.payment_status === 'refunded')) {
    return `Order ${order.id} was never paid (payment ${order.payment_status}): there is nothing to confirm.`;
  }
  return null;
}

/** The poster shown inline in the ready email; without it the email still goes, link first. */
async function posterAttachment(order: EmailOrder): Promise<MailAttachment[]> {
  if (!order.poster_key) return [];
  try {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: requireEnv(envNames.videosBucket), Key: order.poster_key }),
    );
    const content = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    if (!content.length) return [];
    return [{ filename: 'poster.jpg', content, contentType: 'image/jpeg', cid: posterCid }];
  } catch (error) {
    logger.warn('Poster not attached to the ready email', { orderId: order.id, error });
    return [];
  }
}

async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let number = 1; ; number += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (number >= sendAttempts || !isTransient(error)) throw error;
      const delay = backoffMs[number - 1] ?? 0;
      await sleep(delay / 2 + Math.random() * delay);
    }
  }
}

const transientNames = new Set([
  'ThrottlingException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
]);
const transientCodes = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN']);

/** Throttling, 5xx and network failures pass with time; a rejected message or bad config does not. */
function isTransient(error: unknown): boolean {
  const failure = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = failure.$metadata?.httpStatusCode ?? 0;
  return (
    transientNames.has(failure.name ?? '') || transientCodes.has(failure.code ?? '') || status === 429 || status >= 500
  );
}
