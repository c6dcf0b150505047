// The pack's other openings on the twin: an order for a shop whose site is read (a demo shop) gets,
// after its 720x1280 ad, the writer's two other openings of the same ad at 1080x1920, named so the
// buyer tells them apart. Each is the same ad with only its first scene changed: the frames of the
// opening differ between them, the end card is the same.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '#generation/media/ffmpeg-binary.ts';
import { probeMedia } from '#generation/media/probe-media.ts';
import { demoShopUrl, serveDemoShops } from '#local/demo-shops/serve.ts';
import { demoShop } from '#local/demo-shops/shops.ts';
import { adFormat } from '#shared/ad-formats.ts';
import type { OrderView } from '#shared/contract.ts';
import { createPaidOrder } from '../../../support/pay.ts';
import {
  adMadeWithinMs,
  adTestTimeoutMs,
  callApi,
  eventually,
  twinForSuite,
  uniqueEmail,
} from '../../../support/twin.ts';

const shops = await serveDemoShops();
const twin = twinForSuite({ waitScale: 0.1, testSiteHosts: shops.siteHosts });
let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'pack-openings-test-'));
});
afterAll(async () => {
  await shops.close();
  await rm(workDir, { recursive: true, force: true });
});

/** The frame at `seconds`, grey and 90x160: enough to tell two pictures apart. */
async function smallFrame(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(
    ffmpegPath(),
    ['-v', 'error', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1'].concat([
      '-vf',
      'scale=90:160,format=gray',
      '-f',
      'rawvideo',
      '-',
    ]),
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  );
  return stdout;
}

const meanDifference = (a: Buffer, b: Buffer) => {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += Math.abs(a[index]! - b[index]!);
  return sum / a.length;
};

describe('the pack’s other openings', () => {
  it(
    'renders the writer’s two other openings of a read shop’s ad at 1080x1920: their first frames differ, their end cards do not',
    async () => {
      // Prepare
      const orderId = await createPaidOrder(twin.current, {
        website: demoShopUrl(demoShop('ember-oak-coffee')),
        // No photo of ours: the ad is made from the shop's own photos, as a buyer's would be.
        imageStoragePath: undefined,
        imageFileName: undefined,
        email: uniqueEmail('openings'),
        style: 'direct-response',
        durationSeconds: '4',
      });

      // Act
      const order = await eventually(async () => {
        const { body } = await callApi<OrderView>(twin.current, 'GET', `/api/orders/${orderId}`);
        return body.pack?.status === 'ready' && body;
      }, adMadeWithinMs);

      // Assess: the primary, then opening B and C at the vertical 1080x1920, named by what they open on
      const files = order.pack?.files ?? [];
      expect(files.map((file) => file.id)).toEqual(['vertical-720', 'vertical-B', 'vertical-C']);
      expect(order.pack?.openings).toBe(3);
      const [, openingB, openingC] = files;
      expect(openingB?.label).toMatch(new RegExp(`^${adFormat('vertical').label}, Opening B — \\S`));
      expect(openingC?.label).toMatch(new RegExp(`^${adFormat('vertical').label}, Opening C — \\S`));
      expect(openingB?.label.split('—')[1]).not.toBe(openingC?.label.split('—')[1]);
      const paths: string[] = [];
      for (const file of [openingB, openingC]) {
        const path = join(workDir, `${file?.id}.mp4`);
        await writeFile(path, Buffer.from(await (await fetch(file?.download_url ?? '')).arrayBuffer()));
        const probed = await probeMedia(path);
        expect(probed.video).toMatchObject({ width: 1080, height: 1920 });
        expect(Math.abs(probed.durationSeconds - 4)).toBeLessThanOrEqual(0.05);
        paths.push(path);
      }
      const [pathB = '', pathC = ''] = paths;
      // Frame 0.2 s is the opening; 3.85 s is the end card, the same ad's.
      expect(meanDifference(await smallFrame(pathB, 0.2), await smallFrame(pathC, 0.2))).toBeGreaterThan(6);
      expect(meanDifference(await smallFrame(pathB, 3.85), await smallFrame(pathC, 3.85))).toBeLessThan(2);
    },
    adTestTimeoutMs,
  );
});
