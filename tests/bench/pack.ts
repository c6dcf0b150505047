// The delivery pack on the twin (docs/render-shape.md): a 12 s order paid → completed (its
// 720x1280 file) and → pack ready (every file and the zip), each render's time and bytes from the
// execution's history, and what the same renders would take in AWS's parallel shape.
import { performance } from 'node:perf_hooks';
import type { ExecutionRecord } from '#local/step-functions/executions.ts';
import type { Twin } from '#local/twin.ts';
import { generationConfig } from '#shared/config.ts';
import { renderStates } from '#shared/generation-steps.ts';
import { record, recordFailure, round } from './figures.ts';
import { payOrder } from './twin-figures.ts';

/** Step Functions' and Lambda's own time around the parallel renders (invokes, Map, DeliverPack). */
const awsOverheadSeconds = 15;

export async function benchPack(twin: Twin): Promise<void> {
  const { orderId, paidAt } = await payOrder(twin, { durationSeconds: '12', style: 'cinematic' });
  let order: Record<string, unknown> = {};
  let completedSeconds: number | undefined;
  while (!['ready', 'failed'].includes(String((order.pack as { status?: string } | undefined)?.status))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    order = (await (await fetch(`${twin.url}/api/orders/${orderId}`)).json()) as Record<string, unknown>;
    if (order.order_status === 'failed') break;
    if (order.order_status === 'completed') completedSeconds ??= (performance.now() - paidAt) / 1000;
  }
  const packSeconds = (performance.now() - paidAt) / 1000;
  const pack = order.pack as { status: string; files?: { id: string; bytes: number }[] } | undefined;
  if (pack?.status !== 'ready' || completedSeconds === undefined) {
    recordFailure('pack ready (12 s ad)', `the order ${String(order.order_status)}, its pack ${pack?.status}`);
    return;
  }
  const formats = generationConfig.pack.formats.length;
  record('paid → completed on the twin, pack rendering after (12 s ad)', round(completedSeconds), 's', { max: 20 });
  record(`paid → pack ready on the twin (12 s ad, ${formats} formats)`, round(packSeconds), 's', { max: 90 });

  const renders = renderTimes(await twin.steps.waitForExecution(orderId), pack.files ?? []);
  for (const render of renders) {
    record(`render ${render.id} (12 s ad)`, round(render.seconds), 's');
    record(`MP4 size ${render.id} (12 s ad)`, round(render.bytes / 1024 / 1024, 2), 'MB');
  }
  // In AWS the pack's renders run side by side, each in its own function: the primary, then the
  // slowest of the others (each measured here alone or beside others on 2 cores: an upper bound).
  const [primary, ...others] = renders;
  const slowest = Math.max(0, ...others.map((render) => render.seconds));
  record(
    'AWS estimate: paid → pack ready minus the steps before the render (primary + slowest + 15 s)',
    round((primary?.seconds ?? 0) + slowest + awsOverheadSeconds),
    's',
  );
}

/**
 * Each render's time, the primary first (RenderAd entered → exited), then each pack item (its Map
 * iteration started → succeeded, by index), with the bytes of its file on the order page.
 */
function renderTimes(
  execution: ExecutionRecord,
  files: readonly { id: string; bytes: number }[],
): { id: string; seconds: number; bytes: number }[] {
  const at = (type: string, matches: (details: { name?: string; index?: number }) => boolean) =>
    execution.events.find((event) => {
      if (event.type !== type) return false;
      const details = (event.stateEnteredEventDetails ??
        event.stateExitedEventDetails ??
        event[`${type.charAt(0).toLowerCase()}${type.slice(1)}EventDetails`]) as { name?: string; index?: number };
      return details !== undefined && matches(details);
    })?.timestamp;
  return files.flatMap((file, position) => {
    const [started, ended] =
      position === 0
        ? [
            at('TaskStateEntered', (details) => details.name === renderStates.primary),
            at('TaskStateExited', (details) => details.name === renderStates.primary),
          ]
        : [
            at('MapIterationStarted', (details) => details.index === position - 1),
            at('MapIterationSucceeded', (details) => details.index === position - 1),
          ];
    return started === undefined || ended === undefined
      ? []
      : [{ id: file.id, seconds: (ended - started) / 1000, bytes: file.bytes }];
  });
}
