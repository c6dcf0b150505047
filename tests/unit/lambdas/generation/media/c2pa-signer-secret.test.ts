// The render's C2PA signer in AWS: read from Secrets Manager by the name lib/ sets
// (C2PA_SIGNER_SECRET_NAME), through the real SDK client, against a stand-in that speaks
// Secrets Manager's JSON 1.1 protocol (POST /, X-Amz-Target: secretsmanager.GetSecretValue).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageC2paSigner } from '#generation/media/label-ad.ts';
import { makeTestC2paSigner, type TestC2paSigner } from '#local/secrets-manager/c2pa-test-signer.ts';
import { envNames } from '#shared/runtime-env.ts';

interface SeenRequest {
  method: string;
  path: string;
  target: string | undefined;
  contentType: string | undefined;
  signed: boolean;
  body: Record<string, unknown>;
}

const secretName = 'reelfive/prod/c2pa-signer';
const seen: SeenRequest[] = [];
let secretString = '';
let testSigner: TestC2paSigner;
let close: () => Promise<void> = async () => undefined;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  testSigner = await makeTestC2paSigner();
  const server = createServer(async (request, response) => {
    const body = JSON.parse((await bodyOf(request)) || '{}') as Record<string, unknown>;
    seen.push({
      method: request.method ?? '',
      path: request.url ?? '',
      target: request.headers['x-amz-target'] as string | undefined,
      contentType: request.headers['content-type'],
      signed: String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=AKIDLOCAL/'),
      body,
    });
    response.setHeader('content-type', 'application/x-amz-json-1.1');
    if (body.SecretId !== secretName) {
      response.statusCode = 400;
      response.end(
        JSON.stringify({
          __type: 'ResourceNotFoundException',
          message: "Secrets Manager can't find the specified secret.",
        }),
      );
      return;
    }
    response.end(
      JSON.stringify({
        ARN: `arn:aws:secretsmanager:eu-west-1:123456789012:secret:${secretName}-AbCdEf`,
        Name: secretName,
        VersionId: 'b2b4c1f0-0000-4000-8000-000000000001',
        SecretString: secretString,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: 1_780_000_000,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDLOCAL',
    AWS_SECRET_ACCESS_KEY: 'local-secret',
    [envNames.c2paSignerSecretName]: secretName,
  });
  delete process.env[envNames.c2paSigner];
}, 120_000);

afterAll(async () => {
  await close();
});

describe("the stage's C2PA signer", () => {
  it('is the JSON secret that C2PA_SIGNER_SECRET_NAME names, fetched with one signed GetSecretValue', async () => {
    // Prepare
    secretString = JSON.stringify({
      certificateChain: testSigner.signer.certificateChain,
      privateKey: testSigner.signer.privateKey,
    });

    // Act
    const signer = await stageC2paSigner();

    // Assess
    expect(signer).toEqual({ ...testSigner.signer, algorithm: 'es256' });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/',
        target: 'secretsmanager.GetSecretValue',
        contentType: 'application/x-amz-json-1.1',
        signed: true,
        body: { SecretId: secretName },
      },
    ]);
  });

  it("fails the render with the service's own reason when the stage has not stored its signer", async () => {
    // Prepare
    process.env[envNames.c2paSignerSecretName] = 'reelfive/prod/c2pa-signer-never-stored';

    // Act
    const reading = stageC2paSigner();

    // Assess
    await expect(reading).rejects.toThrow("Secrets Manager can't find the specified secret.");
    expect(seen.at(-1)?.body).toEqual({ SecretId: 'reelfive/prod/c2pa-signer-never-stored' });
  });
});
