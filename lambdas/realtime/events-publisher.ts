// Publishes events to an AppSync Events channel over HTTP, signed with the function's own IAM
// credentials (SigV4, service `appsync`), as the `orders` namespace only accepts IAM publishers.
import { Sha256 } from '@aws-crypto/sha256-js';
import type { AwsCredentialIdentityProvider } from '@aws-sdk/types';
import { SignatureV4 } from '@smithy/signature-v4';

/** AppSync Events accepts at most five events per publish request. */
export const maxEventsPerPublish = 5;

export interface EventsPublisherOptions {
  /** `https://<id>.appsync-api.<region>.amazonaws.com/event` (the twin: `http://127.0.0.1:<port>/event`). */
  endpoint: string;
  region: string;
  credentials: AwsCredentialIdentityProvider;
}

export type PublishEvents = (channel: string, events: readonly unknown[]) => Promise<void>;

export function createEventsPublisher(options: EventsPublisherOptions): PublishEvents {
  const signer = new SignatureV4({
    service: 'appsync',
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
  });
  const url = new URL(options.endpoint);

  return async (channel, events) => {
    if (events.length === 0 || events.length > maxEventsPerPublish) {
      throw new Error(`A publish carries 1 to ${maxEventsPerPublish} events, not ${events.length}`);
    }
    const body = JSON.stringify({ channel, events: events.map((event) => JSON.stringify(event)) });
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query: {},
      headers: { host: url.host, 'content-type': 'application/json' },
      body,
    });
    // fetch derives Host from the URL (the same value that was signed) and refuses to be given one.
    const { host: _signedHost, ...headers } = signed.headers;
    const response = await fetch(url, { method: 'POST', headers, body });
    const text = await response.text();
    if (!response.ok) throw new Error(`AppSync Events answered ${response.status} to a publish on ${channel}: ${text}`);
    const answer = JSON.parse(text) as { failed?: unknown[] };
    if (answer.failed?.length) {
      throw new Error(`AppSync Events refused ${answer.failed.length} event(s) on ${channel}: ${text}`);
    }
  };
}
