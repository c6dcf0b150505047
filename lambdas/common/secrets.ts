// A secret's value: the plain variable when set (the twin, a developer), else Secrets Manager
// by name, cached for five minutes so a rotation reaches warm containers.
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { requireEnv } from '#shared/runtime-env.ts';

export async function readSecret(valueVariable: string, nameVariable: string): Promise<string> {
  const plain = process.env[valueVariable];
  if (plain) return plain;
  const value = await getSecret(requireEnv(nameVariable), { maxAge: 300 });
  if (typeof value !== 'string' || !value) throw new Error(`Secret ${process.env[nameVariable]} is empty`);
  return value;
}
