// Ops messages by email, where there is no SNS topic (the twin): plain text to the support
// address, which the twin's /_local/mail shows. Unlike buyer emails a failure here is thrown, so
// NotifyOps' Retry and Catch see it.
import { config } from '#shared/config.ts';
import { sendMail } from './mailer.ts';

export async function sendOpsEmail(subject: string, message: string): Promise<void> {
  await sendMail({ to: config.supportEmail, subject, text: message });
}
