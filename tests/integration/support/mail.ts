// The mail a twin's SES outbox holds for one address, each message decoded (subject, text, html).
import { decodeMessage } from '#local/ses/outbox.ts';
import type { Twin } from '#local/twin.ts';

export async function mailTo(twin: Twin, email: string) {
  const messages = (await twin.outbox.listMessages()).filter((message) => message.to.includes(email));
  return Promise.all(
    messages.map(async (message) => ({
      ...message,
      ...decodeMessage(await twin.outbox.readMessage(message.id)),
    })),
  );
}
