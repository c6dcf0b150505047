// The fal adapter against the fal queue contract server, both held to fal's documented queue API
// and model schemas (docs/footage-providers.md §fal): the submit field by field, the status walk,
// the result, and the model errors sorted (content_policy_violation refused, X-Fal-Retryable).
import { describe, expect, it } from 'vitest';
import { ClipError } from '#generation/footage/clip-provider.ts';
import { falProvider } from '#generation/footage/fal.ts';
import { footageNegativePrompt } from '#generation/storyboard/footage-prompts.ts';
import { localClipMark } from '#local/footage/local-clip.ts';
import { apiKey, contractSuite, firstFrame, requestsSince, settle } from './support.ts';

const suite = contractSuite('fal');
const prompt = 'Bright handheld close-up: a person pouring coffee in a sunny kitchen. No on-screen text.';
const image = { bytes: firstFrame, mimeType: 'image/jpeg' as const };
const kling = 'fal-ai/kling-video/v2.5-turbo/standard/image-to-video';

describe('the fal adapter and queue contract server', () => {
  it('submits to queue.fal.run/<model-id> with `Key` auth and the model input, field by field', async () => {
    const from = suite.server.requests.length;
    const job = await suite.adapter.start({ prompt, seconds: 5, resolution: '720p', image });

    const [sent] = requestsSince(suite.server, from);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(`/${kling}`);
    expect(sent?.headers.authorization).toBe(`Key ${apiKey}`);
    expect(sent?.body).toEqual({
      prompt,
      image_url: `data:image/jpeg;base64,${firstFrame.toString('base64')}`,
      duration: '5',
    });
    // status_url / response_url name the app (fal-ai/kling-video), not the model's sub-path.
    expect(job.pollUrl).toBe(`${suite.server.url}/fal-ai/kling-video/requests/${job.id}/status`);
    expect(job.resultUrl).toBe(`${suite.server.url}/fal-ai/kling-video/requests/${job.id}`);
  });

  it('walks IN_QUEUE → IN_PROGRESS → COMPLETED, reads {video: {url}} and downloads the clip', async () => {
    const job = await suite.adapter.start({ prompt, seconds: 5, resolution: '720p', image });
    expect(await suite.adapter.poll(job)).toEqual({ state: 'pending' });
    const done = await settle(suite.adapter, job);
    expect(done.state).toBe('done');
    if (done.state !== 'done') return;
    const clip = Buffer.from(await suite.adapter.download(done.url));
    expect(clip.includes(Buffer.from(`${localClipMark.comment} provider=fal`))).toBe(true);
  });

  it.each([
    ['refuse', 'refused'],
    ['internal', 'retryable'],
    ['fail', 'final'],
  ] as const)('sorts a request that completed with a model error (%s) as %s', async (drill, kind) => {
    suite.server.failNext(drill);
    const result = await settle(
      suite.adapter,
      await suite.adapter.start({ prompt, seconds: 5, resolution: '720p', image }),
    );
    expect(result).toMatchObject({ state: 'failed', kind });
  });

  it('treats 429 at submit (X-Fal-Retryable: true) as retryable and a 503 status read as unreadable', async () => {
    suite.server.failNext('rate-limit');
    const limited = await suite.adapter
      .start({ prompt, seconds: 5, resolution: '720p', image })
      .catch((error) => error);
    expect(limited).toBeInstanceOf(ClipError);
    expect(limited).toMatchObject({ kind: 'retryable', status: 429 });
    const job = await suite.adapter.start({ prompt, seconds: 5, resolution: '720p', image });
    suite.server.failNext('unavailable');
    expect(await suite.adapter.poll(job)).toMatchObject({ state: 'unreadable', kind: 'retryable' });
  });

  it("sends Kling the engine's negative prompt as `negative_prompt`, field by field", async () => {
    const from = suite.server.requests.length;
    await suite.adapter.start({ prompt, negativePrompt: footageNegativePrompt, seconds: 5, resolution: '720p', image });
    expect(requestsSince(suite.server, from)[0]?.body).toEqual({
      prompt,
      image_url: `data:image/jpeg;base64,${firstFrame.toString('base64')}`,
      duration: '5',
      negative_prompt: footageNegativePrompt,
    });
    const sent = requestsSince(suite.server, from)[0]?.body as { negative_prompt: string };
    expect(sent.negative_prompt).toMatch(/^a person talking to the camera, speaking, /);
  });

  it('sends Hailuo-02 no negative prompt: its documented input has none', async () => {
    const hailuo = 'fal-ai/minimax/hailuo-02/standard/image-to-video';
    const adapter = falProvider({ apiBase: suite.server.url, apiKey, model: hailuo });
    const from = suite.server.requests.length;
    await adapter.start({ prompt, negativePrompt: footageNegativePrompt, seconds: 6, resolution: '720p', image });
    expect(requestsSince(suite.server, from)[0]?.body).toEqual({
      prompt,
      image_url: `data:image/jpeg;base64,${firstFrame.toString('base64')}`,
      duration: '6',
    });
  });

  it('submits Hailuo-02 with its own lengths', async () => {
    const hailuo = 'fal-ai/minimax/hailuo-02/standard/image-to-video';
    const adapter = falProvider({ apiBase: suite.server.url, apiKey, model: hailuo });
    const from = suite.server.requests.length;
    const job = await adapter.start({ prompt, seconds: 6, resolution: '720p', image });
    expect(requestsSince(suite.server, from)[0]).toMatchObject({ path: `/${hailuo}`, body: { duration: '6' } });
    expect(job.pollUrl).toBe(`${suite.server.url}/fal-ai/minimax/requests/${job.id}/status`);
  });

  it('is refused with 401 for a wrong key (final)', async () => {
    const wrongKey = falProvider({ apiBase: suite.server.url, apiKey: 'nope', model: kling });
    await expect(wrongKey.start({ prompt, seconds: 5, resolution: '720p', image })).rejects.toMatchObject({
      kind: 'final',
      status: 401,
    });
  });

  const input = { prompt, image_url: `data:image/jpeg;base64,${firstFrame.toString('base64')}`, duration: '5' };
  it.each([
    ['a length Kling does not make', { ...input, duration: '4' }, 'duration', 'enum'],
    ['a number where the enum wants a string', { ...input, duration: 5 }, 'duration', 'enum'],
    ['no image', { prompt, duration: '5' }, 'image_url', 'missing'],
    ['no prompt', { image_url: input.image_url }, 'prompt', 'missing'],
    ['a cfg_scale above 1', { ...input, cfg_scale: 2 }, 'cfg_scale', 'less_than_equal'],
    ['an unknown field', { ...input, aspect_ratio: '9:16' }, 'aspect_ratio', 'extra_forbidden'],
  ])('answers %s with 422 and a typed detail at its loc', async (_, sent, field, type) => {
    const response = await fetch(`${suite.server.url}/${kling}`, {
      method: 'POST',
      headers: { authorization: `Key ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(sent),
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('x-fal-retryable')).toBe('false');
    const { detail } = (await response.json()) as { detail: { loc: string[]; type: string }[] };
    expect(detail).toContainEqual(expect.objectContaining({ loc: ['body', field], type }));
  });
});
