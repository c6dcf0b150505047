// One footage provider end to end on the twin, through its local contract server: a paid order's
// storyboard asks for footage in its benefit scene, the state machine starts the clip, waits and
// polls it (StartFootage → WaitForFootage → CheckFootage), the clip is downloaded and stored, and
// the engine composes it under the voice, captions and music; the delivered ad shows the local
// clip (its magenta mark) in that scene and not in the hook.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '#generation/media/probe-media.ts';
import { twinFootageModels } from '#local/footage/index.ts';
import type { Twin } from '#local/twin.ts';
import { generationConfig } from '#shared/config.ts';
import type { FootageProvider } from '#shared/config-schema.ts';
import type { OrderView } from '#shared/contract.ts';
import { writeProductPhoto } from './ad-fixtures.ts';
import { followOrder } from './events-socket.ts';
import { bandColourAt, isMagenta } from './footage-frames.ts';
import { storedOrder } from './orders-table.ts';
import { createPaidOrder } from './pay.ts';
import { callApi, eventually, twinForSuite, uniqueEmail } from './twin.ts';
import { uploadThroughApi } from './uploads.ts';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The submit each provider's adapter sends, as the contract server received it. */
const submitPaths: Record<FootageProvider, RegExp> = {
  veo: /^\/v1beta\/models\/veo-3\.1-lite-generate-preview:predictLongRunning$/,
  runway: /^\/v1\/image_to_video$/,
  fal: /^\/fal-ai\/kling-video\/v2\.5-turbo\/standard\/image-to-video$/,
};

/** The clip length a submit asked for, in each provider's own field. */
function secondsAsked(provider: FootageProvider, body: unknown): number {
  const sent = body as { parameters?: { durationSeconds: number }; duration?: number | string };
  return Number(provider === 'veo' ? sent.parameters?.durationSeconds : sent.duration);
}

/** `npm run ops -- show <id>` against this twin (its env.json), as ops run it. */
function opsShow(stateDir: string, orderId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'tools/ops.ts', 'show', orderId, '--env-file', join(stateDir, 'env.json')],
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

/**
 * The suite for one provider. One per test file: handlers keep their SDK clients at module scope
 * (as a warm Lambda does), so one process holds one twin.
 */
export function footageJourney(provider: FootageProvider): { current: Twin } {
  const twin = twinForSuite({ waitScale: 0.1, footage: { provider } });
  describe(`footage from ${provider} on the twin`, () => {
    let workDir = '';
    let productPhoto: Buffer;
    beforeAll(async () => {
      workDir = await mkdtemp(join(tmpdir(), 'footage-journey-'));
      productPhoto = await readFile(await writeProductPhoto(workDir));
    });
    afterAll(() => rm(workDir, { recursive: true, force: true }));

    it('turns a paid 8 s cinematic order into an ad whose benefit scene is the provider clip', async () => {
      const upload = await uploadThroughApi(twin.current, productPhoto, 'image/jpeg', 'product.jpg');
      const paidAt = Date.now();
      const orderId = await createPaidOrder(twin.current, {
        email: uniqueEmail(`footage-${provider}`),
        style: 'cinematic',
        durationSeconds: '8',
        imageStoragePath: upload.storagePath,
        imageFileName: 'product.jpg',
      });
      // Followed as the order page does: the bar moves through the clips' share, then the render's.
      const live = await followOrder(twin.current, orderId);
      const order = await eventually(async () => {
        const read = (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${orderId}`)).body;
        return (read.order_status === 'completed' || read.order_status === 'failed') && read;
      }, 120_000);
      const paidToCompletedSeconds = (Date.now() - paidAt) / 1000;
      expect(order.order_status).toBe('completed');
      const updates = await live.completedUpdates();
      const rendering = updates.filter((update) => update.stage === 'rendering');
      const bar = rendering.map((update) => Number(update.progress));
      expect(bar).toEqual([...bar].sort((a, b) => a - b));
      expect(Math.max(...bar)).toBeLessThanOrEqual(90);

      const execution = await twin.current.steps.waitForExecution(orderId);
      expect(execution.status).toBe('SUCCEEDED');
      // CheckFootage ends the clips' share at 65 once every clip is settled, before PlanRenders
      // begins (which keeps 65); the render goes on from there.
      const planRendersAt = execution.events.find(
        (event) =>
          event.type.endsWith('StateEntered') &&
          (event.stateEnteredEventDetails as { name: string }).name === 'PlanRenders',
      )?.timestamp;
      const clipsDone = rendering.find((update) => update.progress === 65);
      expect(clipsDone).toBeDefined();
      expect(Date.parse(String(clipsDone?.updated_at))).toBeLessThanOrEqual(Number(planRendersAt));
      const entered = execution.events
        .filter((event) => event.type.endsWith('StateEntered'))
        .map((event) => (event.stateEnteredEventDetails as { name: string }).name);
      expect(entered).toEqual(
        expect.arrayContaining(['StartFootage', 'WaitForFootage', 'CheckFootage', 'PlanRenders']),
      );
      expect(entered.indexOf('StartFootage')).toBeLessThan(entered.indexOf('PlanRenders'));

      // The adapter spoke to the contract server: a submit per footage scene (the site is unreachable
      // here, so both body scenes are benefits and both ask), then polls until the clips were ready.
      const server = twin.current.footage!;
      const submits = server.requests.filter((request) => request.method === 'POST');
      expect(submits.length).toBe(2);
      for (const submit of submits) expect(submit.path).toMatch(submitPaths[provider]);
      expect(server.requests.filter((request) => request.method === 'GET').length).toBeGreaterThanOrEqual(
        3 * submits.length,
      );

      const file = join(workDir, `${provider}-${orderId}.mp4`);
      await writeFile(file, Buffer.from(await (await fetch(order.download_url ?? '')).arrayBuffer()));
      const media = await probeMedia(file);
      expect(media.video).toMatchObject({ width: 720, height: 1280 });
      expect(Math.abs(media.durationSeconds - 8)).toBeLessThanOrEqual(0.1);
      // Cinematic 8 s: hook 0–2 s, benefit 2–4.2 s (the footage), another body scene, CTA.
      expect(isMagenta(await bandColourAt(file, 3.25))).toBe(true);
      expect(isMagenta(await bandColourAt(file, 0.7))).toBe(false);
      // What the ad cost is on the order: the seconds asked of the provider × the price table, Stripe, AWS.
      const askedSeconds = submits.reduce((sum, submit) => sum + secondsAsked(provider, submit.body), 0);
      const model = twinFootageModels[provider];
      const perSecond = generationConfig.footage.models[model]!.usdPerSecond['720p'];
      const stored = await storedOrder(twin.current, orderId);
      expect(stored?.cost).toMatchObject({
        footage_seconds: askedSeconds,
        footage_model: `${provider} ${model}`,
        stripe_fee_usd: 0.445,
        aws_usd: generationConfig.costPerAd.awsEstimateUsd['8'],
      });
      expect(stored?.cost?.footage_usd).toBeCloseTo(askedSeconds * perSecond, 4);
      expect(stored?.cost?.margin_usd).toBeCloseTo(5 - (stored?.cost?.total_usd ?? 0), 4);
      // And ops see it.
      const shown = await opsShow(twin.current.stateDir, orderId);
      expect(shown).toMatch(
        new RegExp(`cost\\s+\\$\\d\\.\\d{4}: footage \\$${(askedSeconds * perSecond).toFixed(4)} \\(${provider} `),
      );
      console.info(
        `footage ${provider}: paid → completed ${paidToCompletedSeconds.toFixed(1)} s; ${shown.split('\n').find((line) => line.startsWith('cost'))}`,
      );
    }, 180_000);
  });
  return twin;
}
