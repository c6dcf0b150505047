// The Veo adapter against the Veo contract server, both held to the Gemini API's documented
// contract (docs/footage-providers.md §Veo): the request field by field as the documented REST
// example has it, the operation walked to `done`, the download, and every failure shape sorted.
import { describe, expect, it } from 'vitest';
import { ClipError } from '#generation/footage/clip-provider.ts';
import { footageNegativePrompt } from '#generation/storyboard/footage-prompts.ts';
import { localClipMark } from '#local/footage/local-clip.ts';
import { apiKey, contractSuite, firstFrame, requestsSince, settle } from './support.ts';

const suite = contractSuite('veo');
const prompt = 'Slow cinematic dolly-in: a person enjoying coffee at a sunny window. No on-screen text.';

describe('the Veo adapter and contract server', () => {
  it('starts an image-to-video operation with the documented request, field by field', async () => {
    const from = suite.server.requests.length;
    const job = await suite.adapter.start({
      prompt,
      seconds: 4,
      resolution: '720p',
      image: { bytes: firstFrame, mimeType: 'image/jpeg' },
    });

    const [sent] = requestsSince(suite.server, from);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1beta/models/veo-3.1-lite-generate-preview:predictLongRunning');
    expect(sent?.headers['x-goog-api-key']).toBe(apiKey);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toEqual({
      instances: [{ prompt, image: { bytesBase64Encoded: firstFrame.toString('base64'), mimeType: 'image/jpeg' } }],
      parameters: { aspectRatio: '9:16', durationSeconds: 4, resolution: '720p' },
    });
    // The operation name the API returns is polled at /v1beta/<name>.
    expect(job.id).toMatch(/^models\/veo-3\.1-lite-generate-preview\/operations\/[0-9a-f-]+$/);
    expect(job.pollUrl).toBe(`${suite.server.url}/v1beta/${job.id}`);
  });

  it('sends text-to-video without an image', async () => {
    const from = suite.server.requests.length;
    await suite.adapter.start({ prompt, seconds: 8, resolution: '1080p' });
    expect(requestsSince(suite.server, from)[0]?.body).toEqual({
      instances: [{ prompt }],
      parameters: { aspectRatio: '9:16', durationSeconds: 8, resolution: '1080p' },
    });
  });

  it("sends the engine's negative prompt as `parameters.negativePrompt`, field by field", async () => {
    const from = suite.server.requests.length;
    await suite.adapter.start({ prompt, negativePrompt: footageNegativePrompt, seconds: 4, resolution: '720p' });
    expect(requestsSince(suite.server, from)[0]?.body).toEqual({
      instances: [{ prompt }],
      parameters: {
        aspectRatio: '9:16',
        durationSeconds: 4,
        resolution: '720p',
        negativePrompt: footageNegativePrompt,
      },
    });
    const sent = requestsSince(suite.server, from)[0]?.body as { parameters: { negativePrompt: string } };
    expect(sent.parameters.negativePrompt).toMatch(/^a person talking to the camera, speaking, /);
  });

  it('polls the operation until done and downloads the local clip with the API key', async () => {
    const job = await suite.adapter.start({ prompt, seconds: 4, resolution: '720p' });
    const first = await suite.adapter.poll(job);
    expect(first).toEqual({ state: 'pending' });
    const done = await settle(suite.adapter, job);
    expect(done.state).toBe('done');
    if (done.state !== 'done') return;
    expect(done.url).toMatch(new RegExp(`^${suite.server.url}/v1beta/files/[0-9a-f-]+:download\\?alt=media$`));
    const from = suite.server.requests.length;
    const clip = Buffer.from(await suite.adapter.download(done.url));
    expect(requestsSince(suite.server, from)[0]?.headers['x-goog-api-key']).toBe(apiKey);
    expect(clip.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(clip.includes(Buffer.from(`${localClipMark.comment} provider=veo`))).toBe(true);
  });

  it('reports RAI filtering (raiMediaFilteredCount, no samples) as a refusal', async () => {
    suite.server.failNext('refuse');
    const job = await suite.adapter.start({ prompt, seconds: 4, resolution: '720p' });
    const result = await settle(suite.adapter, job);
    expect(result).toMatchObject({ state: 'failed', kind: 'refused' });
  });

  it('sorts an operation error by its google.rpc code: INTERNAL retryable, INVALID_ARGUMENT final', async () => {
    suite.server.failNext('internal');
    const internal = await settle(suite.adapter, await suite.adapter.start({ prompt, seconds: 4, resolution: '720p' }));
    expect(internal).toMatchObject({ state: 'failed', kind: 'retryable' });
    suite.server.failNext('fail');
    const invalid = await settle(suite.adapter, await suite.adapter.start({ prompt, seconds: 4, resolution: '720p' }));
    expect(invalid).toMatchObject({ state: 'failed', kind: 'final' });
  });

  it('treats 429 RESOURCE_EXHAUSTED at start as retryable and a 503 poll as unreadable, not failed', async () => {
    suite.server.failNext('rate-limit');
    const refused = await suite.adapter.start({ prompt, seconds: 4, resolution: '720p' }).catch((error) => error);
    expect(refused).toBeInstanceOf(ClipError);
    expect(refused).toMatchObject({ kind: 'retryable', status: 429 });
    const job = await suite.adapter.start({ prompt, seconds: 4, resolution: '720p' });
    suite.server.failNext('unavailable');
    expect(await suite.adapter.poll(job)).toMatchObject({ state: 'unreadable', kind: 'retryable' });
    expect((await settle(suite.adapter, job)).state).toBe('done');
  });

  it('is refused as the API refuses: a wrong key is final, an unknown model is final', async () => {
    const wrongKey = (await import('#generation/footage/veo.ts')).veoProvider({
      apiBase: suite.server.url,
      apiKey: 'nope',
      model: suite.model,
    });
    await expect(wrongKey.start({ prompt, seconds: 4, resolution: '720p' })).rejects.toMatchObject({
      kind: 'final',
      status: 400,
    });
    const unknown = (await import('#generation/footage/veo.ts')).veoProvider({
      apiBase: suite.server.url,
      apiKey,
      model: 'veo-2.0-generate-001',
    });
    await expect(unknown.start({ prompt, seconds: 4, resolution: '720p' })).rejects.toMatchObject({
      kind: 'final',
      status: 404,
    });
  });

  it.each([
    [
      'a length Veo does not make',
      { instances: [{ prompt }], parameters: { aspectRatio: '9:16', durationSeconds: 5 } },
    ],
    [
      'an aspect ratio Veo does not make',
      { instances: [{ prompt }], parameters: { aspectRatio: '4:3', durationSeconds: 4 } },
    ],
    ['an unknown field', { instances: [{ prompt }], parameters: { durationSeconds: 4, ratio: '9:16' } }],
    ['no prompt', { instances: [{}], parameters: { durationSeconds: 4 } }],
    [
      'an image without its bytes',
      { instances: [{ prompt, image: { mimeType: 'image/jpeg' } }], parameters: { durationSeconds: 4 } },
    ],
    ['1080p shorter than 8 s', { instances: [{ prompt }], parameters: { durationSeconds: 4, resolution: '1080p' } }],
  ])('answers %s with 400 INVALID_ARGUMENT in Google’s error envelope', async (_, body) => {
    const response = await fetch(`${suite.server.url}/v1beta/models/${suite.model}:predictLongRunning`, {
      method: 'POST',
      headers: { 'x-goog-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 400, message: expect.any(String), status: 'INVALID_ARGUMENT' },
    });
  });
});
