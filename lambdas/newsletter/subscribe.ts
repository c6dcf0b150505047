// POST /api/newsletter: double opt-in. Whatever the address's state, the caller gets the same
// answer; only a new (or lapsed) address, or a pending one whose last mail is older than the
// resend pause, gets a confirmation email.
import { ApiFailure } from '#common/api-failure.ts';
import { emailHash } from '#common/hashing.ts';
import { sendMail } from '#notifications/mailer.ts';
import { logger } from '#powertools/logger.ts';
import { config } from '#shared/config.ts';
import { apiMessages } from '#shared/contract.ts';
import { renderConfirmationEmail } from './newsletter-email-templates.ts';
import { confirmUrl, unsubscribeUrl } from './newsletter-links.ts';
import { getSubscriber, isLivePending, markConfirmationSent, newToken, writeSignUp } from './subscriber-store.ts';

export async function subscribe(email: string, now = new Date()): Promise<{ message: string }> {
  const answer = { message: apiMessages.newsletterCheckInbox };
  const hash = emailHash(email);
  const existing = await getSubscriber(hash);
  if (existing?.status === 'confirmed') return answer;
  const renewing = isLivePending(existing, now) ? existing : null;
  const resendAfter = now.getTime() - config.limits.newsletterResendMinutes * 60_000;
  if (renewing?.confirmation_sent_at && Date.parse(renewing.confirmation_sent_at) > resendAfter) return answer;

  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  const subscriptionId = await writeSignUp({ email, emailHash: hash, renewing, confirmToken, unsubscribeToken, now });
  // A concurrent request for the same address won the write; it sends the one email.
  if (!subscriptionId) return answer;

  const mail = renderConfirmationEmail({
    confirmUrl: confirmUrl(confirmToken),
    unsubscribeUrl: unsubscribeUrl(unsubscribeToken),
  });
  try {
    await sendMail({ to: email, ...mail });
  } catch (error) {
    logger.error('Newsletter confirmation not sent', { subscriptionId, error });
    throw new ApiFailure('INTERNAL', apiMessages.newsletterFailed);
  }
  await markConfirmationSent(hash, subscriptionId, now);
  logger.info('Newsletter confirmation sent', { subscriptionId, renewed: Boolean(renewing) });
  return answer;
}
