// SES for the twin: the outbox (outbox.ts) that keeps each message the product sends as an .eml
// file in the state folder, where /_local/mail shows it and tests read it.
import type { RunningService } from '#local/support/service.ts';
import { type SesOutbox, startSesOutbox } from './outbox.ts';

export interface Ses extends RunningService {
  outbox: SesOutbox;
}

export async function start(options: { directory: string }): Promise<Ses> {
  const outbox = await startSesOutbox({ directory: options.directory });
  return { outbox, environment: { AWS_ENDPOINT_URL_SESV2: outbox.endpoint }, stop: outbox.stop };
}
