// The render hanging: ffmpeg takes the job and never finishes, so the render's status stops
// moving. CheckRender calls a render stalled after 6 minutes without a status write; rather than
// wait those out, the test ages the hung render's last status write by 7 minutes, which is what
// the wait would leave, and the real CheckRender, failure path and refund take it from there.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderKeys } from '#generation/generation-state.ts';
import { renderStallSeconds } from '#shared/generation-steps.ts';
import { type ExpectedEnd, expectOrderEnd, timed } from '#tests/faults/support/end-state.ts';
import { paidOrder } from '#tests/faults/support/orders.ts';
import { eventually, twinForSuite } from '#tests/integration/support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1, reconcileIntervalMs: 3_600_000 });
const refunded: ExpectedEnd = { order_status: 'failed', payment_status: 'refunded', executions: 1, buyerEmails: 2 };
let workDir = '';
let hangingFfmpeg = '';
let startedMarker = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'faults-render-hang-'));
  startedMarker = join(workDir, 'started');
  hangingFfmpeg = join(workDir, 'ffmpeg');
  // Hangs far longer than any poll here, then dies, as a wedged encoder killed by its timeout would.
  await writeFile(hangingFfmpeg, `#!/bin/sh\necho "$$" >> '${startedMarker}'\nsleep 12\nexit 1\n`);
  await chmod(hangingFfmpeg, 0o755);
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('the render hanging', () => {
  it('is called stalled, and the order fails and is refunded once', async () => {
    await timed('render hang', async () => {
      const realFfmpeg = process.env.FFMPEG_PATH;
      process.env.FFMPEG_PATH = hangingFfmpeg;
      try {
        const order = await paidOrder(twin.current, 'render-hang');
        await eventually(async () => (await readFile(startedMarker, 'utf8').catch(() => '')).length > 0, 60_000);
        const s3 = new S3Client({
          endpoint: twin.current.endpoints.s3,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        });
        const lastWrite = new Date(Date.now() - (renderStallSeconds + 60) * 1000).toISOString();
        await s3.send(
          new PutObjectCommand({
            Bucket: twin.current.env.VIDEOS_BUCKET,
            Key: renderKeys(order.id).status,
            Body: JSON.stringify({ jobId: order.id, status: 'running', fraction: 0.1, updatedAt: lastWrite }),
            ContentType: 'application/json',
          }),
        );
        s3.destroy();
        const end = await expectOrderEnd(twin.current, order, refunded);
        expect(end.order?.failure_reason).toContain('RenderStalled');
      } finally {
        if (realFfmpeg === undefined) delete process.env.FFMPEG_PATH;
        else process.env.FFMPEG_PATH = realFfmpeg;
      }
    });
  });
});
