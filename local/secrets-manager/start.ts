// What the stack keeps in Secrets Manager, made for each twin and handed to the functions as plain
// values (lambda/environment.ts drops the *_NAME variables that would send them to Secrets
// Manager): the ads' C2PA signer, a test certificate openssl makes (c2pa-test-signer.ts), and the
// secret CloudFront and the API share (api-gateway/start.ts). Stripe's keys are stripe/start.ts's.
import { randomBytes } from 'node:crypto';
import { nothingToStop, type RunningService } from '#local/support/service.ts';
import { envNames } from '#shared/runtime-env.ts';
import { makeTestC2paSigner } from './c2pa-test-signer.ts';

export interface Secrets extends RunningService {
  /** The header value CloudFront adds and the API checks. */
  originSecret: string;
  /** The root that issued the C2PA test signer (PEM): a reader's trust anchor for the twin's ads. */
  c2paTrustAnchor: string;
}

export async function start(): Promise<Secrets> {
  const c2pa = await makeTestC2paSigner();
  const originSecret = randomBytes(24).toString('hex');
  return {
    originSecret,
    c2paTrustAnchor: c2pa.rootCertificate,
    environment: {
      [envNames.c2paSigner]: JSON.stringify(c2pa.signer),
      [envNames.originVerifySecret]: originSecret,
    },
    stop: nothingToStop,
  };
}
