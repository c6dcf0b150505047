// The content check's one call, Bedrock's ApplyGuardrail, between the product's real
// BedrockRuntimeClient and the twin's stand-in (local/content-guardrail): the request the SDK
// sends, field by field, is the documented one (POST /guardrail/{guardrailIdentifier}/version/
// {guardrailVersion}/apply with {source, content:[{text:{text}}]}), and the product reads the
// documented answer ({action, assessments:[{topicPolicy, contentPolicy}], usage, outputs}).
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkSiteContent, contentCheckMaxChars, contentCheckText } from '#generation/website/content-check.ts';
import { type LocalGuardrail, startLocalGuardrail } from '#local/content-guardrail/server.ts';
import { envNames } from '#shared/runtime-env.ts';
import { sendAwsJson, startHttp2Stub } from '../../integration/support/http2-stub.ts';

const guardrailId = 'a1b2c3d4e5f6';
const guardrailVersion = '3';
let guardrail: LocalGuardrail;
let client: BedrockRuntimeClient;

beforeAll(async () => {
  guardrail = await startLocalGuardrail({ guardrailId, guardrailVersion });
  client = new BedrockRuntimeClient({
    endpoint: guardrail.url,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDCONTRACT', secretAccessKey: 'contract-secret' },
  });
  vi.stubEnv(envNames.contentGuardrailId, guardrailId);
  vi.stubEnv(envNames.contentGuardrailVersion, guardrailVersion);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  client?.destroy();
  await guardrail?.stop();
});

const phishingFacts = {
  businessName: 'Secure Login Center',
  domain: 'account-help.example',
  headline: 'Verify your account within 24 hours',
  description: 'Unusual sign-in activity was detected. Confirm your password to restore access.',
  benefits: [],
};
const bakeryFacts = {
  businessName: 'Rye & Crumb',
  domain: 'ryeandcrumb.example',
  headline: 'Sourdough baked before sunrise',
  description: 'A neighbourhood bakery: country loaves, cinnamon buns and coffee.',
  benefits: ['Baked daily', 'Organic flour'],
  claims: ['4.8/5 from 900 reviews'],
};

describe('ApplyGuardrail as the product sends it', () => {
  it('POSTs the documented path and body, signed for bedrock, with the digest of the facts as one text block', async () => {
    guardrail.requests.length = 0;

    const verdict = await checkSiteContent(phishingFacts, { client });

    expect(guardrail.requests).toHaveLength(1);
    const [request] = guardrail.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/guardrail/${guardrailId}/version/${guardrailVersion}/apply`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDCONTRACT\/\d{8}\/eu-west-1\/bedrock\/aws4_request, /,
    );
    expect(request?.body).toEqual({ source: 'INPUT', content: [{ text: { text: contentCheckText(phishingFacts) } }] });
    expect(verdict).toEqual({ refused: true, category: 'impersonation' });
  });

  it('sends at most the capped number of characters, however long the facts are', async () => {
    guardrail.requests.length = 0;
    const long = { ...bakeryFacts, description: 'Fresh bread. '.repeat(500), benefits: ['x'.repeat(5_000)] };

    await checkSiteContent(long, { client });

    const body = guardrail.requests[0]?.body as { content: { text: { text: string } }[] };
    expect(body.content).toHaveLength(1);
    expect(body.content[0]?.text.text.length).toBe(contentCheckMaxChars);
  });

  it('passes an honest shop (action NONE)', async () => {
    expect(await checkSiteContent(bakeryFacts, { client })).toEqual({ refused: false });
  });

  it("surfaces the service's error for a guardrail that does not exist, as the SDK names it", async () => {
    vi.stubEnv(envNames.contentGuardrailId, 'nosuchguardrail');
    try {
      await expect(checkSiteContent(bakeryFacts, { client })).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        $metadata: { httpStatusCode: 404 },
      });
    } finally {
      vi.stubEnv(envNames.contentGuardrailId, guardrailId);
    }
  });
});

describe("the guardrail's answer as the product reads it", () => {
  // The response syntax of Bedrock's API reference (ApplyGuardrail), with the fields this check reads.
  const documented = () => ({
    usage: { topicPolicyUnits: 1, contentPolicyUnits: 1, wordPolicyUnits: 0 },
    action: 'GUARDRAIL_INTERVENED',
    outputs: [{ text: 'This content is not allowed by the ReelFive terms.' }],
    assessments: [
      {
        topicPolicy: { topics: [{ name: 'prohibited-gambling', type: 'DENY', action: 'BLOCKED', detected: true }] },
        contentPolicy: {
          filters: [
            { type: 'SEXUAL', confidence: 'HIGH', filterStrength: 'MEDIUM', action: 'BLOCKED', detected: true },
          ],
        },
      },
    ],
  });

  async function answered(body: unknown): Promise<Awaited<ReturnType<typeof checkSiteContent>>> {
    const stub = await startHttp2Stub(
      async (request, response) => {
        request.resume();
        await new Promise((resolveEnd) => request.on('end', resolveEnd));
        sendAwsJson(response, 200, body);
      },
      (response, error) => sendAwsJson(response, 500, { message: error.message }, 'InternalServerException'),
    );
    const stubClient = new BedrockRuntimeClient({
      endpoint: stub.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDCONTRACT', secretAccessKey: 'contract-secret' },
    });
    try {
      return await checkSiteContent(bakeryFacts, { client: stubClient });
    } finally {
      stubClient.destroy();
      await stub.close();
    }
  }

  it('takes a blocked denied topic as its category first', async () => {
    expect(await answered(documented())).toEqual({ refused: true, category: 'gambling' });
  });

  it('takes a blocked content filter when no topic is blocked', async () => {
    const filtered = documented();
    filtered.assessments = [{ ...filtered.assessments[0]!, topicPolicy: { topics: [] } }];
    expect(await answered(filtered)).toEqual({ refused: true, category: 'adult' });
  });

  it('refuses nothing when the guardrail did not intervene, or only detected (action NONE on the topic)', async () => {
    expect(await answered({ ...documented(), action: 'NONE', outputs: [] })).toEqual({ refused: false });
    const detectedOnly = {
      action: 'GUARDRAIL_INTERVENED',
      outputs: [],
      assessments: [
        { topicPolicy: { topics: [{ name: 'prohibited-weapons', type: 'DENY', action: 'NONE', detected: true }] } },
      ],
    };
    expect(await answered(detectedOnly)).toEqual({ refused: false });
  });
});
