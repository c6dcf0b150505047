// The Runway adapter against the Runway contract server, both held to Runway's documented API
// (docs/footage-providers.md §Runway): POST /v1/image_to_video field by field, the task walked
// through its statuses, and each failure sorted (SAFETY.* refused, INTERNAL retryable, others final).
import { describe, expect, it } from 'vitest';
import { ClipError } from '#generation/footage/clip-provider.ts';
import { runwayProvider, runwayVersion } from '#generation/footage/runway.ts';
import { localClipMark } from '#local/footage/local-clip.ts';
import { apiKey, contractSuite, firstFrame, requestsSince, settle } from './support.ts';

const suite = contractSuite('runway');
const prompt = 'Vertical phone footage, handheld: a customer unboxing a parcel at home. No on-screen text.';
const image = { bytes: firstFrame, mimeType: 'image/jpeg' as const };

describe('the Runway adapter and contract server', () => {
  it('starts an image_to_video task with the documented headers and body, field by field', async () => {
    const from = suite.server.requests.length;
    const job = await suite.adapter.start({ prompt, seconds: 4, resolution: '720p', image });

    const [sent] = requestsSince(suite.server, from);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/image_to_video');
    expect(sent?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(sent?.headers['x-runway-version']).toBe('2024-11-06');
    expect(runwayVersion).toBe('2024-11-06');
    expect(sent?.body).toEqual({
      model: 'gen4_turbo',
      promptImage: `data:image/jpeg;base64,${firstFrame.toString('base64')}`,
      promptText: prompt,
      ratio: '720:1280',
      duration: 4,
    });
    expect(job.pollUrl).toBe(`${suite.server.url}/v1/tasks/${job.id}`);
  });

  it('refuses a scene without an image before calling Runway (gen4_turbo is image-to-video only)', async () => {
    const from = suite.server.requests.length;
    await expect(suite.adapter.start({ prompt, seconds: 4, resolution: '720p' })).rejects.toMatchObject({
      kind: 'final',
    });
    expect(requestsSince(suite.server, from)).toEqual([]);
  });

  it('walks PENDING → RUNNING → SUCCEEDED and downloads the output without the key', async () => {
    const job = await suite.adapter.start({ prompt, seconds: 2, resolution: '720p', image });
    expect(await suite.adapter.poll(job)).toEqual({ state: 'pending' });
    expect(await suite.adapter.poll(job)).toEqual({ state: 'pending' });
    const done = await settle(suite.adapter, job);
    expect(done.state).toBe('done');
    if (done.state !== 'done') return;
    const from = suite.server.requests.length;
    const clip = Buffer.from(await suite.adapter.download(done.url));
    expect(requestsSince(suite.server, from)[0]?.headers.authorization).toBeUndefined();
    expect(clip.includes(Buffer.from(`${localClipMark.comment} provider=runway`))).toBe(true);
  });

  it.each([
    ['refuse', 'refused', 'SAFETY.INPUT.TEXT'],
    ['internal', 'retryable', 'INTERNAL'],
    ['fail', 'final', 'INPUT_PREPROCESSING.INTERNAL'],
  ] as const)('sorts a FAILED task (%s) as %s from its failureCode %s', async (drill, kind, code) => {
    suite.server.failNext(drill);
    const result = await settle(
      suite.adapter,
      await suite.adapter.start({ prompt, seconds: 2, resolution: '720p', image }),
    );
    expect(result).toMatchObject({ state: 'failed', kind });
    expect(result.state === 'failed' && result.reason).toContain(code);
  });

  it('keeps a THROTTLED task pending, treats 429 at start as retryable and a 503 poll as unreadable', async () => {
    suite.server.failNext('hang');
    const throttled = await suite.adapter.start({ prompt, seconds: 2, resolution: '720p', image });
    const from = suite.server.requests.length;
    expect(await suite.adapter.poll(throttled)).toEqual({ state: 'pending' });
    expect(requestsSince(suite.server, from)).toHaveLength(1);
    suite.server.failNext('rate-limit');
    const limited = await suite.adapter
      .start({ prompt, seconds: 2, resolution: '720p', image })
      .catch((error) => error);
    expect(limited).toBeInstanceOf(ClipError);
    expect(limited).toMatchObject({ kind: 'retryable', status: 429 });
    suite.server.failNext('unavailable');
    expect(await suite.adapter.poll(throttled)).toMatchObject({ state: 'unreadable', kind: 'retryable' });
  });

  it('is refused with 401 for a wrong key (final)', async () => {
    const wrongKey = runwayProvider({ apiBase: suite.server.url, apiKey: 'nope', model: 'gen4_turbo' });
    await expect(wrongKey.start({ prompt, seconds: 4, resolution: '720p', image })).rejects.toMatchObject({
      kind: 'final',
      status: 401,
    });
  });

  const body = {
    model: 'gen4_turbo',
    promptImage: `data:image/jpeg;base64,${firstFrame.toString('base64')}`,
    promptText: prompt,
    ratio: '720:1280',
    duration: 4,
  };
  it.each([
    ['a ratio gen4_turbo does not make', { ...body, ratio: '9:16' }, 'ratio'],
    ['a length outside 2–10 s', { ...body, duration: 12 }, 'duration'],
    ['a fractional length', { ...body, duration: 2.5 }, 'duration'],
    ['an http image URL', { ...body, promptImage: 'http://example.com/a.jpg' }, 'promptImage'],
    ['a prompt over 1000 characters', { ...body, promptText: 'a'.repeat(1001) }, 'promptText'],
    ['another model', { ...body, model: 'gen3a_turbo' }, 'model'],
    ['an unknown field', { ...body, aspect_ratio: '9:16' }, 'aspect_ratio'],
  ])('answers %s with 400 and the issue at its path', async (_, sent, field) => {
    const response = await fetch(`${suite.server.url}/v1/image_to_video`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'x-runway-version': runwayVersion,
        'content-type': 'application/json',
      },
      body: JSON.stringify(sent),
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; issues: { path: string[] }[] };
    expect(answer.error).toBe('Validation of body failed');
    expect(answer.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it('answers a missing X-Runway-Version with 400', async () => {
    const response = await fetch(`${suite.server.url}/v1/image_to_video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringContaining('X-Runway-Version') });
  });
});
