// The footage loop's decisions, with the real Veo adapter and its contract server: which scenes get
// a clip within the spend limit, a retryable failure started again, a refusal never sent again,
// a final failure or a timeout falling back to the engine (or failing the order under `fail`).
import { describe, expect, it } from 'vitest';
import {
  checkFootage,
  FootageFailed,
  type FootageIo,
  type FootageResult,
  startFootage,
} from '#generation/footage/footage-jobs.ts';
import { planFootage } from '#generation/footage/footage-plan.ts';
import { type FootageSettings, footageSettings } from '#generation/footage/footage-settings.ts';
import { footageNegativePrompt } from '#generation/storyboard/footage-prompts.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { drillMarkers } from '#local/footage/job-board.ts';
import { generationConfig } from '#shared/config.ts';
import { envNames } from '#shared/runtime-env.ts';
import { northwindStoryboard } from '../../integration/support/ad-fixtures.ts';
import { contractSuite } from './support.ts';

const suite = contractSuite('veo');

const settingsWith = (overrides: Record<string, string> = {}): FootageSettings => {
  const settings = footageSettings({
    [envNames.footageModel]: 'veo-3.1-lite-generate-preview',
    [envNames.footageMaxSpendUsd]: '0.75',
    ...overrides,
  });
  if (!settings) throw new Error('settings expected');
  return settings;
};

function io(settings: FootageSettings, clock = { now: Date.now() }): FootageIo & { stored: Map<number, number> } {
  const stored = new Map<number, number>();
  return {
    provider: suite.adapter,
    settings,
    loadImage: async () => undefined,
    async storeClip(sceneIndex, bytes) {
      stored.set(sceneIndex, bytes.byteLength);
      return `order/footage/scene-${sceneIndex}.mp4`;
    },
    now: () => clock.now,
    stored,
  };
}

/** Polls until no scene is pending, as the Wait/CheckFootage loop does. */
async function loop(result: FootageResult, parts: FootageIo): Promise<FootageResult> {
  let current = result;
  // Bounded by time, not rounds: the contract servers make each clip with ffmpeg, slowly on a loaded machine.
  for (const deadline = Date.now() + 60_000; current.status === 'running' && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = await checkFootage(current, parts);
  }
  return current;
}

/** A 12 s cinematic storyboard (benefit and proof ask for footage) with markers in the prompts. */
async function storyboardWith(markers: Record<number, string> = {}): Promise<Storyboard> {
  const board = await northwindStoryboard('cinematic', 12);
  board.scenes.forEach((scene, index) => {
    if (scene.footage && markers[index]) scene.footage.prompt = `${scene.footage.prompt} ${markers[index]}`;
  });
  return board;
}

describe('the footage loop', () => {
  it('asks for footage only in benefit and proof scenes, at the shortest length the model makes', async () => {
    const board = await storyboardWith();
    const plan = planFootage(board, settingsWith());
    // Northwind's body: its delivery time (proof), then a selling point (benefit); the template asks
    // for footage in the first two body scenes only.
    expect(plan.clips.map((clip) => clip.sceneIndex)).toEqual([1, 2]);
    expect(plan.clips.map((clip) => board.scenes[clip.sceneIndex]!.role)).toEqual(['proof', 'benefit']);
    expect(
      board.scenes
        .filter((_scene, index) => !plan.clips.some((clip) => clip.sceneIndex === index))
        .map((scene) => [scene.role, scene.footage]),
    ).toEqual([
      ['hook', undefined],
      ['benefit', undefined],
      ['cta', undefined],
    ]);
    // Cinematic 12 s: 2.7 s and 2.5 s body scenes → Veo's 4 s twice, $0.05/s at 720p.
    expect(plan.clips.map((clip) => clip.seconds)).toEqual([4, 4]);
    expect(plan.clips.map((clip) => clip.costUsd)).toEqual([0.2, 0.2]);
    expect(board.scenes[0]!.footage).toBeUndefined();
    expect(board.scenes.at(-1)!.footage).toBeUndefined();
  });

  it('keeps within the spend limit per ad: a clip that would pass it is left to the engine', async () => {
    const plan = planFootage(await storyboardWith(), settingsWith({ [envNames.footageMaxSpendUsd]: '0.3' }));
    expect(plan.clips).toHaveLength(1);
    expect(plan.skipped).toEqual([{ sceneIndex: 2, reason: expect.stringContaining('spend limit') }]);
  });

  it('skips a scene without a first frame for an image-to-video model', async () => {
    const board = await storyboardWith();
    for (const scene of board.scenes) if (scene.footage) scene.footage.image = null;
    const plan = planFootage(board, settingsWith({ [envNames.footageModel]: 'gen4_turbo' }));
    expect(plan.clips).toEqual([]);
    expect(plan.skipped.map((skip) => skip.reason)).toEqual([
      expect.stringContaining('needs a first frame'),
      expect.stringContaining('needs a first frame'),
    ]);
  });

  it('makes every clip, stores it and counts what it cost', async () => {
    const settings = settingsWith();
    const parts = io(settings);
    const result = await loop(await startFootage(planFootage(await storyboardWith(), settings), parts), parts);
    expect(result.status).toBe('done');
    expect(result.scenes.map((scene) => scene.status)).toEqual(['ready', 'ready']);
    expect([...parts.stored.keys()].sort()).toEqual([1, 2]);
    expect(result).toMatchObject({ costUsd: 0.4, secondsGenerated: 8 });
  });

  it('asks every clip never to show a person speaking to the camera (the negative prompt)', async () => {
    const settings = settingsWith();
    const from = suite.server.requests.length;
    await startFootage(planFootage(await storyboardWith(), settings), io(settings));
    const starts = suite.server.requests.slice(from).filter((request) => request.method === 'POST');
    expect(starts).toHaveLength(2);
    for (const start of starts) {
      expect((start.body as { parameters: Record<string, unknown> }).parameters.negativePrompt).toBe(
        footageNegativePrompt,
      );
    }
    expect(footageNegativePrompt).toContain('a person talking to the camera');
  });

  it('starts a job that failed retryably again with the same prompt, and bills only the clip made', async () => {
    const settings = settingsWith();
    const parts = io(settings);
    const board = await storyboardWith({ 1: drillMarkers.internal });
    const from = suite.server.requests.length;
    const result = await loop(await startFootage(planFootage(board, settings), parts), parts);
    const starts = suite.server.requests.slice(from).filter((request) => request.method === 'POST');
    const benefitStarts = starts.filter((request) => JSON.stringify(request.body).includes(drillMarkers.internal));
    // The marker fails every attempt of scene 1: started maxStarts times, then left to the engine.
    expect(benefitStarts).toHaveLength(generationConfig.footage.maxStarts);
    expect(result.scenes.map((scene) => scene.status)).toEqual(['dropped', 'ready']);
    expect(result.costUsd).toBe(0.2);
  });

  it('never sends a refused prompt again and leaves its scene to the engine', async () => {
    const settings = settingsWith();
    const parts = io(settings);
    const board = await storyboardWith({ 1: drillMarkers.refuse });
    const from = suite.server.requests.length;
    const result = await loop(await startFootage(planFootage(board, settings), parts), parts);
    const refusedStarts = suite.server.requests
      .slice(from)
      .filter((request) => request.method === 'POST' && JSON.stringify(request.body).includes(drillMarkers.refuse));
    expect(refusedStarts).toHaveLength(1);
    expect(result.scenes[0]).toMatchObject({ status: 'dropped', reason: expect.stringContaining('safety filter') });
    expect(result.scenes[1]!.status).toBe('ready');
  });

  it('retries a start answered 429 on the next poll', async () => {
    const settings = settingsWith();
    const parts = io(settings);
    suite.server.failNext('rate-limit');
    const started = await startFootage(planFootage(await storyboardWith(), settings), parts);
    expect(started.scenes.filter((scene) => !scene.job)).toHaveLength(1);
    const result = await loop(started, parts);
    expect(result.scenes.map((scene) => scene.status)).toEqual(['ready', 'ready']);
  });

  it('gives up what is still pending at the timeout, and the ad is drawn without it', async () => {
    const settings = settingsWith();
    const clock = { now: Date.now() };
    const parts = io(settings, clock);
    const board = await storyboardWith({ 1: drillMarkers.hang, 2: drillMarkers.hang });
    const started = await startFootage(planFootage(board, settings), parts);
    const polled = await checkFootage(started, parts);
    expect(polled.status).toBe('running');
    clock.now += (generationConfig.footage.timeoutSeconds + 1) * 1000;
    const timedOut = await checkFootage(polled, parts);
    expect(timedOut.status).toBe('done');
    expect(timedOut.scenes.map((scene) => scene.reason)).toEqual([
      expect.stringContaining('no clip within'),
      expect.stringContaining('no clip within'),
    ]);
    expect(timedOut.costUsd).toBe(0);
  });

  it('fails the order instead when the stage says `fail`', async () => {
    const settings = settingsWith({ [envNames.footageFallback]: 'fail' });
    const parts = io(settings);
    const board = await storyboardWith({ 1: drillMarkers.fail });
    await expect(loop(await startFootage(planFootage(board, settings), parts), parts)).rejects.toBeInstanceOf(
      FootageFailed,
    );
  });

  it('refuses broken stage settings by name', () => {
    expect(footageSettings({})).toBeNull();
    expect(() => footageSettings({ [envNames.footageModel]: 'sora-2', [envNames.footageMaxSpendUsd]: '1' })).toThrow(
      /model/,
    );
    expect(() =>
      footageSettings({ [envNames.footageModel]: 'gen4_turbo', [envNames.footageMaxSpendUsd]: '-1' }),
    ).toThrow(/maxSpendUsd/);
    expect(() =>
      footageSettings({
        [envNames.footageModel]: 'gen4_turbo',
        [envNames.footageMaxSpendUsd]: '1',
        [envNames.footageFallback]: 'retry',
      }),
    ).toThrow(/fallback/);
  });
});
