// Every email ReelFive sends goes out here: nodemailer's MailComposer builds the MIME message
// (text + HTML, inline images) and SES v2 sends it as a raw message — what nodemailer's SES
// transport does, without the package's entry point, which bundles every transport (SMTP pools,
// sendmail, the well-known services list) into each function that mails. The twin points the same
// SDK client at its outbox through AWS_ENDPOINT_URL_SESV2, so no code path differs.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import MailComposer from 'nodemailer/lib/mail-composer';
import { tracer } from '#powertools/tracer.ts';
import { config } from '#shared/config.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for an image the HTML shows as `cid:<cid>`; nodemailer then marks it inline. */
  cid?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra message headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
}

function createSesClient() {
  // Created on first use, not at import: the SDK reads AWS_ENDPOINT_URL_SESV2 when the client is
  // built, and the twin sets it after modules load. One attempt per send and short timeouts: the
  // caller makes 3 attempts, and all of them must fit in MarkProcessing's 30 s step timeout.
  return tracer.captureAWSv3Client(
    new SESv2Client({
      maxAttempts: 1,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 5_000 },
    }),
  );
}

let ses: SESv2Client | undefined;

/** The sender as buyers see it: the brand name at the stage's verified SES address. */
export const mailSender = () => `"${config.mail.fromName}" <${requireEnv(envNames.mailFrom)}>`;

/** Sends one message; resolves with SES's MessageId, rejects with the SDK's error. */
export async function sendMail(mail: Mail): Promise<string> {
  const message = new MailComposer({
    from: mailSender(),
    replyTo: config.mail.replyTo,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    // Attachments are buffers we made; nothing may be read from disk or fetched.
    disableFileAccess: true,
    disableUrlAccess: true,
    newline: 'windows',
  }).compile();
  const raw = await message.build();
  ses ??= createSesClient();
  const sent = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: mailSender(),
      Destination: { ToAddresses: message.getEnvelope().to },
      Content: { Raw: { Data: raw } },
    }),
  );
  return sent.MessageId ?? '';
}
