// The render hanging: ffmpeg takes the job and stalls, then dies, as a wedged encoder killed by
// its timeout would. The render is a synchronous task (docs/render-shape.md): its failure is the
// RenderAd task's, which the state machine catches into the failure path and refund. A render
// that never ends at all is cut by the task's TimeoutSeconds (tests/infra/workflow.test.ts).
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('fails the render task, and the order fails and is refunded once', async () => {
    await timed('render hang', async () => {
      const realFfmpeg = process.env.FFMPEG_PATH;
      process.env.FFMPEG_PATH = hangingFfmpeg;
      try {
        const order = await paidOrder(twin.current, 'render-hang');
        await eventually(async () => (await readFile(startedMarker, 'utf8').catch(() => '')).length > 0, 60_000);
        const end = await expectOrderEnd(twin.current, order, refunded);
        expect(end.order?.failure_reason).toContain('RenderFailed');
      } finally {
        if (realFfmpeg === undefined) delete process.env.FFMPEG_PATH;
        else process.env.FFMPEG_PATH = realFfmpeg;
      }
    });
  });
});
