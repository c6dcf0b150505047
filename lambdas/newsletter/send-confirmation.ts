// The confirmation sender: the subscribers table's stream brings each recorded confirmation
// request (a new value of `confirmation_requested_at` on a pending sign-up) here, away from the
// sign-up API, which answers every address alike and cannot send mail. Here the request gets its
// two link tokens and its email. A failure throws: the stream retries the record, and after the
// retries it lands in the failed-records queue (lib/newsletter/confirmation-sender.ts).
import type { DynamoDBRecord } from 'aws-lambda';
import { sendMail } from '#notifications/mailer.ts';
import { logger } from '#powertools/logger.ts';
import { renderConfirmationEmail } from './newsletter-email-templates.ts';
import { confirmPageUrl, oneClickUnsubscribeUrl, unsubscribePageUrl } from './newsletter-links.ts';
import { markConfirmationSent, newToken, type SubscriberRecord, writeConfirmationLinks } from './subscriber-store.ts';

type StreamImage = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

/** The sign-up whose new confirmation request the record carries, or null (anything else). */
export function requestedConfirmation(record: DynamoDBRecord): SubscriberRecord | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const image = record.dynamodb?.NewImage;
  if (!image?.pk?.S?.startsWith('subscriber#') || image.status?.S !== 'pending') return null;
  const requestedAt = image.confirmation_requested_at?.S;
  if (!requestedAt || requestedAt === record.dynamodb?.OldImage?.confirmation_requested_at?.S) return null;
  return {
    pk: image.pk.S,
    email: text(image, 'email'),
    email_hash: text(image, 'email_hash'),
    status: 'pending',
    subscription_id: text(image, 'subscription_id'),
    created_at: text(image, 'created_at'),
    updated_at: text(image, 'updated_at'),
    confirmation_requested_at: requestedAt,
    ...(image.expires_at?.N ? { expires_at: Number(image.expires_at.N) } : {}),
  };
}

function text(image: StreamImage, name: string): string {
  const value = image[name]?.S;
  if (value === undefined) throw new Error(`Subscriber stream image has no ${name}`);
  return value;
}

/** Mails the request's confirmation; 'superseded' when a newer request, a confirm or an unsubscribe came first. */
export async function sendRequestedConfirmation(
  subscriber: SubscriberRecord,
  now = new Date(),
): Promise<'sent' | 'superseded'> {
  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  if (!(await writeConfirmationLinks({ subscriber, confirmToken, unsubscribeToken, now }))) return 'superseded';
  const mail = renderConfirmationEmail({
    confirmUrl: confirmPageUrl(confirmToken),
    unsubscribe: {
      pageUrl: unsubscribePageUrl(unsubscribeToken),
      oneClickUrl: oneClickUnsubscribeUrl(unsubscribeToken),
    },
  });
  await sendMail({ to: subscriber.email, ...mail });
  await markConfirmationSent(subscriber, now);
  logger.info('Newsletter confirmation sent', { subscriptionId: subscriber.subscription_id });
  return 'sent';
}
