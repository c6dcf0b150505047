// A secret's value: the plain variable when set (the twin, a developer), else Secrets Manager
// by name, cached for five minutes so a rotation reaches warm containers.
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { requireEnv } from '#shared/runtime-env.ts';
import { once } from './once.ts';
import { tracer } from './powertools/tracer.ts';

/** getSecret()'s provider, with a client of ours so that its calls are traced. */
const secrets = once(
  () => new SecretsProvider({ awsSdkV3Client: tracer.captureAWSv3Client(new SecretsManagerClient({})) }),
);

export async function readSecret(valueVariable: string, nameVariable: string): Promise<string> {
  const plain = process.env[valueVariable];
  if (plain) return plain;
  const value = await secrets().get(requireEnv(nameVariable), { maxAge: 300 });
  if (typeof value !== 'string' || !value) throw new Error(`Secret ${process.env[nameVariable]} is empty`);
  return value;
}
