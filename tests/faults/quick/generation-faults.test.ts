// Faults while the ad is made: the upload missing (at order time, or gone by the render), the
// render function crashing once or for good; the analysis timing out and the render hanging are
// in tests/faults/slow. Each row ends with the common verdict on the order (support/end-state.ts).

import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twinRenderFunctionName } from '#local/twin.ts';
import { type ExpectedEnd, expectOrderEnd, timed } from '#tests/faults/support/end-state.ts';
import { openOrder, paidOrder, pay } from '#tests/faults/support/orders.ts';
import { writeProductPhoto } from '#tests/integration/support/ad-fixtures.ts';
import { plantImage, removeImage } from '#tests/integration/support/images-bucket.ts';
import { activeSlotHolders } from '#tests/integration/support/mailbox-slots.ts';
import { ordersOfEmail } from '#tests/integration/support/orders-table.ts';
import { callApi, orderRequest, twinForSuite, uniqueEmail } from '#tests/integration/support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1, reconcileIntervalMs: 3_600_000 });
const made: ExpectedEnd = { order_status: 'completed', payment_status: 'paid', executions: 1, buyerEmails: 2 };
const refunded: ExpectedEnd = { order_status: 'failed', payment_status: 'refunded', executions: 1, buyerEmails: 2 };
const renderFunctionName = () => twinRenderFunctionName;
let workDir = '';
let productPhoto: Buffer;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'faults-generation-'));
  productPhoto = await readFile(await writeProductPhoto(workDir));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('faults while the ad is made', () => {
  it('upload missing at order time: the order is refused before checkout, nothing charged or held', async () => {
    await timed('upload missing at order time', async () => {
      const email = uniqueEmail('no-upload');
      const answer = await callApi(
        twin.current,
        'POST',
        '/api/orders',
        orderRequest({ email, imageStoragePath: `${randomUUID()}.jpg`, imageFileName: 'product.jpg' }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).not.toHaveProperty('url');
      expect(await ordersOfEmail(twin.current, email)).toEqual([]);
      expect(await activeSlotHolders(twin.current, email)).toEqual([]);
    });
  });

  it('upload gone between order and render: the render fails, the buyer is refunded once', async () => {
    await timed('upload gone before render', async () => {
      const imageKey = await plantImage(twin.current, productPhoto, 'jpg');
      const order = await openOrder(twin.current, 'upload-gone', {
        imageStoragePath: imageKey,
        imageFileName: 'product.jpg',
      });
      await removeImage(twin.current, imageKey);
      await pay(twin.current, order);
      const end = await expectOrderEnd(twin.current, order, refunded);
      expect(end.order?.failure_reason).toContain('RenderFailed');
    });
  });

  it('render function crashes (Lambda 500s) a few times: the render task retries, one ad made', async () => {
    await timed('render crash, retried', async () => {
      // Three service failures of RenderAd's invoke; its Retry on Lambda's errors tries again each time.
      twin.current.lambda.failNext(renderFunctionName(), 3);
      const order = await paidOrder(twin.current, 'render-crash-once');
      await expectOrderEnd(twin.current, order, made);
    });
  });

  it('render function crashes every time: the order fails and is refunded once', async () => {
    await timed('render crash, retries out', async () => {
      twin.current.lambda.failNext(renderFunctionName(), 1_000);
      const order = await paidOrder(twin.current, 'render-crash-always');
      try {
        const end = await expectOrderEnd(twin.current, order, refunded);
        expect(end.order?.failure_reason).toContain('ServiceException');
      } finally {
        twin.current.lambda.failNext(renderFunctionName(), 0);
      }
    });
  });
});
