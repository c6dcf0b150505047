// `npm run load`: the product under a day's worth of traffic at once, on one machine and loopback
// only — buyers creating orders, order pages reading with live subscriptions, paid orders rendered
// — bounded in count and time. Prints throughput, p50/p95/p99, outcomes and peak memory.
//
//   npm run load -- --buyers=200 --readers=1000 --renders=50 --renders-in-flight=10 --max-seconds=900
//                                                        (the defaults)
//   npm run load -- --buyers=20 --readers=50 --renders=3  (a quick smoke run)
//
// Exits 1 when a request had an unexpected outcome or a paid order did not complete in time.
import { performance } from 'node:perf_hooks';
import { type MemoryPeaks, sampleMemory } from './memory.ts';
import { createOrders, type PhaseResult, type RendersResult, readOrders, renderOrders } from './phases.ts';
import { summarize, type Tally, unexpectedOutcomes } from './stats.ts';
import { type LoadTwin, startLoadTwin } from './twin-process.ts';

interface Flags {
  buyers: number;
  readers: number;
  renders: number;
  rendersInFlight: number;
  maxSeconds: number;
}

function parseFlags(argv: readonly string[]): Flags {
  const flags: Flags = { buyers: 200, readers: 1000, renders: 50, rendersInFlight: 10, maxSeconds: 900 };
  const names: Record<string, keyof Flags> = {
    buyers: 'buyers',
    readers: 'readers',
    renders: 'renders',
    'renders-in-flight': 'rendersInFlight',
    'max-seconds': 'maxSeconds',
  };
  for (const arg of argv) {
    const match = /^--([a-z-]+)=(\d+)$/.exec(arg);
    const name = match ? names[match[1] as string] : undefined;
    if (!match || !name)
      throw new Error(
        `Unknown flag "${arg}"; use --buyers=N --readers=N --renders=N --renders-in-flight=N --max-seconds=N`,
      );
    flags[name] = Number(match[2]);
  }
  if (Object.values(flags).some((value) => value < 1)) throw new Error('Every flag needs a value of at least 1');
  if (flags.renders > flags.buyers) throw new Error('--renders cannot exceed --buyers (a render is a buyer’s order)');
  return flags;
}

const flags = parseFlags(process.argv.slice(2));
const readsPerReader = 3;
const concurrency = { buyers: 20, readers: 50 };
const began = performance.now();
const elapsedSeconds = () => (performance.now() - began) / 1000;
const expired = () => elapsedSeconds() > flags.maxSeconds;

let twin: LoadTwin | undefined;
let memory: { stop(): Promise<MemoryPeaks> } | undefined;
const subscriptions: { close(): void }[] = [];
let shuttingDown: Promise<void> | undefined;
const shutDown = () => {
  shuttingDown ??= (async () => {
    for (const subscription of subscriptions) subscription.close();
    await twin?.stop();
  })();
  return shuttingDown;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    // tsx forwards the terminal's Ctrl-C as well: one message is enough.
    if (!shuttingDown) console.log(`\n${signal}: stopping the twin…`);
    await shutDown();
    process.exit(130);
  });
}
// Past the time bound by a minute (a request hanging), give up and still stop the twin.
const watchdog = setTimeout(
  async () => {
    console.log('The run overran its time bound by 60 s; stopping.');
    await shutDown();
    process.exit(1);
  },
  (flags.maxSeconds + 60) * 1000,
);

const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const outcomesText = (tally: Tally) =>
  [...tally.outcomes].map(([outcome, count]) => `${outcome} ×${count}`).join(', ') || 'none';

function latencyLine(label: string, phase: PhaseResult, unit: 'ms' | 's' = 'ms'): string {
  const { count, p50, p95, p99, max } = summarize(phase.tally.latencies);
  const rate = phase.seconds > 0 ? count / phase.seconds : Number.NaN;
  return `  ${label}: ${count} in ${fmt(phase.seconds, 1)} s = ${fmt(rate, 1)}/s; p50 ${fmt(p50)} ${unit}, p95 ${fmt(p95)} ${unit}, p99 ${fmt(p99)} ${unit}, max ${fmt(max)} ${unit}\n    outcomes: ${outcomesText(phase.tally)}`;
}

try {
  console.log(
    `Load: ${flags.buyers} buyers, ${flags.readers} readers (${readsPerReader} reads each), ${flags.renders} renders, at most ${flags.maxSeconds} s`,
  );
  twin = await startLoadTwin();
  console.log(`Twin ready at ${twin.url} in ${fmt(elapsedSeconds(), 1)} s (pid ${twin.pid})`);
  memory = sampleMemory(twin.pid);

  console.log(`Phase 1: ${flags.buyers} buyers POST /api/orders (${concurrency.buyers} at a time)…`);
  const created = await createOrders(twin, flags.buyers, concurrency.buyers, expired);

  console.log(
    `Phase 2: ${flags.readers} readers subscribe and GET /api/orders/{id} (${concurrency.readers} at a time)…`,
  );
  const readers = await readOrders(twin, created.orders, flags.readers, readsPerReader, concurrency.readers, expired);
  subscriptions.push(...readers.subscriptions.map(({ subscription }) => subscription));

  console.log(
    `Phase 3: ${flags.renders} orders paid (card 4242…, 4 s ads, ${flags.rendersInFlight} in flight), watched until they end…`,
  );
  const renders: RendersResult = await renderOrders(
    twin,
    created.orders,
    flags.renders,
    flags.rendersInFlight,
    expired,
  );
  // The last status events are on their way when the poll sees "completed".
  await new Promise((resolveWait) => setTimeout(resolveWait, 2_000));

  const peaks = await memory.stop();
  const rendered = new Set(renders.paidOrderIds);
  const renderSubscribers = readers.subscriptions.filter(({ orderId }) => rendered.has(orderId));
  const eventsDelivered = readers.subscriptions.reduce((sum, { subscription }) => sum + subscription.events.length, 0);
  const sawTheEnd = renderSubscribers.filter(({ subscription }) =>
    subscription.events.some((event) => event.order_status === 'completed' || event.order_status === 'failed'),
  ).length;
  const dropped = readers.subscriptions.filter(({ subscription }) => subscription.droppedEarly()).length;

  const expected = {
    create: ['200'],
    subscribe: ['subscribed'],
    read: ['200'],
    pay: ['paid (303 to the order page)'],
  };
  const unexpected = [
    ...unexpectedOutcomes(created.tally, expected.create),
    ...unexpectedOutcomes(readers.connect.tally, expected.subscribe),
    ...unexpectedOutcomes(readers.reads.tally, expected.read),
    ...unexpectedOutcomes(renders.pay.tally, expected.pay),
    ...unexpectedOutcomes(renders.polls.tally, expected.read),
  ];
  const errorCount = unexpected.reduce((sum, [, count]) => sum + count, 0);
  const tooMany = unexpected.filter(([outcome]) => outcome === '429').reduce((sum, [, count]) => sum + count, 0);
  const paidToDone = summarize(renders.paidToDone);
  const finished = renders.paidToDone.length;

  console.log(`
Summary (loopback, twin pid ${twin.pid}, ${flags.buyers}/${flags.readers}/${flags.renders}, wall time ${fmt(elapsedSeconds(), 1)} s)
Phase 1, buyers
${latencyLine('POST /api/orders', created)}
  order ids found: ${created.orders.length}
Phase 2, readers
${latencyLine('subscribe (open → connection_ack → subscribe_success; rate interleaved with the reads)', readers.connect)}
${latencyLine('GET /api/orders/{id}', readers.reads)}
Phase 3, renders
${latencyLine('pay on the local pay page', renders.pay)}
${latencyLine('GET /api/orders/{id} while rendering (1/s per order)', renders.polls)}
  renders ended per minute: ${fmt((finished / renders.seconds) * 60, 1)} (${flags.rendersInFlight} in flight at most)
  paid → completed/failed: ${finished} of ${renders.paidOrderIds.length} ended (${[...renders.outcomes].map(([outcome, count]) => `${outcome} ×${count}`).join(', ') || 'none'}); p50 ${fmt(paidToDone.p50, 1)} s, p95 ${fmt(paidToDone.p95, 1)} s, p99 ${fmt(paidToDone.p99, 1)} s, max ${fmt(paidToDone.max, 1)} s
Live updates
  subscriptions open at the end: ${readers.subscriptions.length - dropped} of ${readers.subscriptions.length} (${dropped} dropped by the server)
  events delivered to subscribers: ${eventsDelivered}; subscribers of rendered orders that saw the final status: ${sawTheEnd} of ${renderSubscribers.length}
Errors
  unexpected outcomes: ${errorCount}${unexpected.length ? ` (${unexpected.map(([outcome, count]) => `${outcome} ×${count}`).join(', ')})` : ''}
  429s: ${tooMany}. None is intended in this run: the per-IP budgets are lifted (IP_ATTEMPTS_PER_HOUR=1,000,000, as the tests and bench do, since all load comes from 127.0.0.1) and each buyer has its own mailbox (3 active orders per mailbox); the twin has no WAF (per-IP requests per 5 min), so any 429 here is an error.
  twin log lines naming a failure or error (its log, and Powertools at ERROR): ${twin.logLines.count}${twin.logLines.last.length ? `; last: ${twin.logLines.last.join(' | ')}` : ''}
Memory (peak resident, sampled every 250 ms from /proc, ${peaks.samples} samples)
  twin Node process: ${fmt(peaks.twinMb)} MB; twin and its children together: ${fmt(peaks.treeMb)} MB
  by command (summed over that command's processes; shared pages count once per process): ${[...peaks.byCommand]
    .sort((a, b) => b[1] - a[1])
    .map(([command, mb]) => `${command} ${fmt(mb)} MB`)
    .join(', ')}
  load driver (the clients): ${fmt(peaks.driverMb)} MB
Total wall time: ${fmt(elapsedSeconds(), 1)} s${expired() ? ` (the ${flags.maxSeconds} s bound was reached)` : ''}`);
  process.exitCode = errorCount > 0 || finished < renders.paidOrderIds.length || finished < flags.renders ? 1 : 0;
} catch (error) {
  console.error(`The load run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await memory?.stop();
  clearTimeout(watchdog);
  await shutDown();
}
