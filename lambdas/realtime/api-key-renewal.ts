// Keeps the browser's AppSync Events API key from lapsing. A key lasts at most 365 days, and an
// expiry written into the template would change with every synth (lib/realtime/README.md), so a
// scheduled function moves it on instead: each run sets it a lifetime ahead of now.
import { type AppSyncClient, UpdateApiKeyCommand } from '@aws-sdk/client-appsync';

/** AppSync takes 1–365 days from the update; a day under its maximum leaves room for clock skew. */
export const apiKeyLifetimeDays = 364;

const dayMs = 86_400_000;

export interface ApiKeyRef {
  apiId: string;
  /** The key's id, which is also the key itself: never logged. */
  keyId: string;
}

/** The ids in the key's ARN (CloudFormation's Ref of the key): `…:apis/<api id>/apikey(s)/<key id>`. */
export function parseApiKeyArn(arn: string): ApiKeyRef {
  const [, apiId, keyId] = /:apis\/([^/]+)\/apikeys?\/([^/]+)$/.exec(arn) ?? [];
  if (!apiId || !keyId) throw new Error('Not the ARN of an AppSync API key');
  return { apiId, keyId };
}

/** Sets the key to expire a lifetime after `now`; answers when it expires now (AppSync rounds to the hour). */
export async function renewApiKey(client: AppSyncClient, key: ApiKeyRef, now: Date): Promise<Date> {
  const expires = Math.floor((now.getTime() + apiKeyLifetimeDays * dayMs) / 1000);
  const { apiKey } = await client.send(new UpdateApiKeyCommand({ apiId: key.apiId, id: key.keyId, expires }));
  if (apiKey?.expires === undefined) throw new Error(`AppSync did not say when the key of API ${key.apiId} expires`);
  return new Date(apiKey.expires * 1000);
}

export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.floor((expiresAt.getTime() - now.getTime()) / dayMs);
}
