// The cost of one ad, per length: what each AWS service and Stripe charge for it, from the
// synthesized staging template (memory, architecture, routes, ASL) and what one order made on the
// twin did (ad-journey.ts). Prices: prices.ts; assumptions: cost-assumptions.ts; S3: s3-usage.ts;
// Bedrock and Polly, which the twin does not call: cost-models.ts; the content check's
// ApplyGuardrail, from what the twin's stand-in was sent: content-check.ts.

import { config } from '#shared/config.ts';
import { renderStates } from '#shared/generation-steps.ts';
import { matchRoute } from '#shared/routes.ts';
import type { AdJourney } from './ad-journey.ts';
import type { CloudAssembly } from './cloud-assembly.ts';
import type { ColdInit } from './cold-init.ts';
import { type ContentCheckCost, contentCheckCost } from './content-check.ts';
import { costAssumptions } from './cost-assumptions.ts';
import type { BedrockCost, ModelCosts, PollyCost } from './cost-models.ts';
import { median } from './figures.ts';
import type { ObservedRequest } from './http-observer.ts';
import { gbSecondPrice, initPhaseBilled, prices, unitPrice } from './prices.ts';
import { s3Usage } from './s3-usage.ts';
import {
  type Architecture,
  generationStateMachine,
  routeFunctions,
  type StackFunction,
  streamConsumers,
} from './stack-template.ts';
import { type HappyPath, happyPath } from './state-machine-path.ts';

export interface LambdaLine {
  /** What runs it: a route, a state, the render, the stream. */
  role: string;
  function: string;
  memoryMb: number;
  architecture: Architecture;
  invocations: number;
  /** Billed milliseconds per invocation (median measured on the twin, rounded up to 1 ms). */
  msEach: number;
  /** Billed init (process start → handler imported, median of the cold-init runs) per cold start. */
  initMs: number;
  coldStarts: number;
  gbSeconds: number;
  usd: number;
}

export interface AdCost {
  durationSeconds: number;
  priceUsd: number;
  lambda: { lines: LambdaLine[]; invocations: number; gbSeconds: number; usd: number };
  stepFunctions: { transitions: number; transitionsOnTheTwin: number; usd: number };
  s3: {
    putRequests: number;
    getRequests: number;
    storedBytes: number;
    storedDays: number;
    usd: number;
  };
  ses: { emails: number; kinds: string[]; usd: number };
  apiGateway: { requests: number; usd: number };
  bedrock: BedrockCost;
  polly: PollyCost;
  /** Bedrock Guardrails' ApplyGuardrail: AnalyzeWebsite's check and the preview's. */
  contentCheck: ContentCheckCost;
  stripe: { usd: number };
  awsUsd: number;
  totalUsd: number;
  marginUsd: number;
  /** For the record: the order on the twin this was measured on. */
  measured: { orderId: string; paidToDoneSeconds: number; renderMs: number; photoBytes: number; loadAverage: number };
}

const serverMs = (request: ObservedRequest) => (request.finishedAt ?? request.startedAt) - request.startedAt;

/** Each pack render's milliseconds: its Map iteration, started → succeeded (they may overlap). */
function mapIterationMs(journey: AdJourney): number[] {
  const started = new Map<number, number>();
  const durations: number[] = [];
  for (const event of journey.execution.events) {
    const index = (event.mapIterationStartedEventDetails ?? event.mapIterationSucceededEventDetails) as
      | { index?: number }
      | undefined;
    if (index?.index === undefined) continue;
    if (event.type === 'MapIterationStarted') started.set(index.index, event.timestamp);
    if (event.type === 'MapIterationSucceeded') durations.push(event.timestamp - (started.get(index.index) ?? 0));
  }
  return durations;
}

/** The states a (revision's) execution entered on the twin, the Map's iterations left to the pack's line. */
function enteredPath(journey: AdJourney): HappyPath {
  const states: string[] = [];
  const taskRuns: Record<string, number> = {};
  for (const event of journey.execution.events) {
    const name = (event.stateEnteredEventDetails as { name?: string } | undefined)?.name;
    if (!name || !event.type.endsWith('StateEntered') || name === renderStates.pack) continue;
    states.push(name);
    if (event.type === 'TaskStateEntered') taskRuns[name] = (taskRuns[name] ?? 0) + 1;
  }
  return { states, taskRuns };
}

/** Task state name → milliseconds of each of its Lambda invocations, from the execution history. */
function taskDurations(journey: AdJourney): Map<string, number[]> {
  const durations = new Map<string, number[]>();
  let state = '';
  let started = 0;
  for (const event of journey.execution.events) {
    if (event.type === 'TaskStateEntered') {
      state = String((event.stateEnteredEventDetails as { name?: string } | undefined)?.name ?? '');
    } else if (event.type === 'LambdaFunctionStarted') {
      started = event.timestamp;
    } else if (event.type === 'LambdaFunctionSucceeded') {
      durations.set(state, [...(durations.get(state) ?? []), event.timestamp - started]);
    }
  }
  return durations;
}

function lambdaLine(
  role: string,
  fn: StackFunction,
  invocations: number,
  measuredMs: number,
  coldInit: ColdInit | undefined,
): LambdaLine {
  const msEach = Math.ceil(Math.max(measuredMs, costAssumptions.minimumDurationMs[role] ?? 0));
  const coldStarts = invocations > 0 ? costAssumptions.coldStartsPerFunction : 0;
  const initMs = initPhaseBilled && coldInit ? Math.ceil(coldInit.processMs) : 0;
  const gbSeconds = ((fn.memoryMb / 1024) * (invocations * msEach + coldStarts * initMs)) / 1000;
  return {
    role,
    function: fn.name,
    memoryMb: fn.memoryMb,
    architecture: fn.architecture,
    invocations,
    msEach,
    initMs,
    coldStarts,
    gbSeconds,
    usd: gbSeconds * gbSecondPrice(fn.architecture) + invocations * unitPrice(prices.lambdaRequest),
  };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export function costOfAd(
  journey: AdJourney,
  assembly: CloudAssembly,
  functions: readonly StackFunction[],
  coldInits: readonly ColdInit[],
  twinEnv: Record<string, string>,
  models: ModelCosts,
  /** The texts the order's own content checks sent (AnalyzeWebsite's ApplyGuardrail on the twin). */
  checkedTexts: readonly string[],
  /**
   * A revision's execution (`<order id>-v2`) instead of an order's: its states are those it
   * entered, there is no payment and no preview, and Bedrock and Polly write and voice it again.
   */
  revision = false,
): AdCost {
  const byId = new Map(functions.map((fn) => [fn.logicalId, fn]));
  const initOf = (logicalId: string) => coldInits.find((result) => result.logicalId === logicalId);
  const functionOf = (logicalId: string | undefined, what: string) => {
    const fn = logicalId ? byId.get(logicalId) : undefined;
    if (!fn) throw new Error(`The synthesized template has no bundled function for ${what}`);
    return fn;
  };
  const lines: LambdaLine[] = [];

  // The API calls of one order. The journey's own polling stands in for the order page, so the
  // page's reads are counted from the assumptions and the live events the order published.
  const routes = routeFunctions(assembly);
  const calls = new Map<string, number[]>();
  for (const request of journey.api) {
    const matched = matchRoute(request.method, new URL(request.url, 'http://twin').pathname);
    if (!('route' in matched)) continue;
    const routeKey = `${matched.route.method} ${matched.route.path}`;
    calls.set(routeKey, [...(calls.get(routeKey) ?? []), serverMs(request)]);
  }
  const assumedCalls: Record<string, number> = {
    'GET /api/capacity': costAssumptions.capacityReads,
    'GET /api/orders/{id}': costAssumptions.orderPageReadsBeforeEvents + journey.eventPublishes.length,
  };
  for (const [routeKey, durations] of calls) {
    const invocations = assumedCalls[routeKey] ?? durations.length;
    lines.push(
      lambdaLine(
        routeKey,
        functionOf(routes.get(routeKey), routeKey),
        invocations,
        median(durations),
        initOf(routes.get(routeKey) ?? ''),
      ),
    );
  }

  // The state machine's tasks along the happy path (the primary render, RenderAd, among them:
  // the render function is a task of the machine), then the pack's renders (the RenderPack Map's
  // iterations, each timed from its start to its end), the stream publisher.
  const machine = generationStateMachine(assembly);
  const path = revision ? enteredPath(journey) : happyPath(machine.definition);
  const measuredTasks = taskDurations(journey);
  for (const [state, runs] of Object.entries(path.taskRuns)) {
    const taskFunction = functionOf(machine.taskFunctions[state], `the state ${state}`);
    const durations = measuredTasks.get(state);
    if (!durations?.length) throw new Error(`The order ${journey.orderId} ran no ${state} on the twin`);
    lines.push(lambdaLine(state, taskFunction, runs, median(durations), initOf(taskFunction.logicalId)));
  }
  const packRenders = mapIterationMs(journey);
  if (packRenders.length) {
    const renderFunction = functionOf(machine.taskFunctions[renderStates.primary], 'the render');
    lines.push(
      lambdaLine(
        `${renderStates.pack} (${packRenders.length} pack files)`,
        renderFunction,
        packRenders.length,
        sum(packRenders) / packRenders.length,
        initOf(renderFunction.logicalId),
      ),
    );
  }
  for (const publisherId of streamConsumers(assembly)) {
    const invocations = journey.eventPublishes.length * costAssumptions.publisherInvocationsPerEvent;
    const publishMs = median(journey.eventPublishes.map(serverMs));
    lines.push(
      lambdaLine('orders stream', functionOf(publisherId, 'the stream'), invocations, publishMs, initOf(publisherId)),
    );
  }

  const s3 = s3Usage(journey, assembly, twinEnv);

  const lambdaUsd = sum(lines.map((line) => line.usd));
  // Each pack render enters its iteration's one state: a transition each.
  const transitions = path.states.length + packRenders.length;
  const stepFunctionsUsd = transitions * unitPrice(prices.stepFunctionsTransition);
  const s3Usd =
    s3.putRequests * unitPrice(prices.s3Put) +
    s3.getRequests * unitPrice(prices.s3Get) +
    s3.gbMonths * unitPrice(prices.s3GbMonth);
  const emails = journey.sendEmails.length;
  const sesUsd = emails * unitPrice(prices.sesEmail);
  const apiRequests = sum(lines.filter((line) => line.role.includes(' /api/')).map((line) => line.invocations));
  const apiUsd = apiRequests * unitPrice(prices.apiGatewayHttpRequest);
  const priceUsd = revision ? 0 : config.price.amountCents / 100;
  const stripeUsd = revision ? 0 : priceUsd * unitPrice(prices.stripePercent) + unitPrice(prices.stripeFixed);
  // The preview's check sends the same digest of the same facts.
  const previewTexts = Array.from(
    { length: revision ? 0 : costAssumptions.previewContentChecksPerOrder },
    () => checkedTexts[0] ?? '',
  );
  const contentCheck = contentCheckCost([...checkedTexts, ...previewTexts]);
  const awsUsd =
    lambdaUsd + stepFunctionsUsd + s3Usd + sesUsd + apiUsd + models.bedrock.usd + models.polly.usd + contentCheck.usd;
  return {
    durationSeconds: journey.durationSeconds,
    priceUsd,
    lambda: {
      lines,
      invocations: sum(lines.map((line) => line.invocations)),
      gbSeconds: sum(lines.map((line) => line.gbSeconds)),
      usd: lambdaUsd,
    },
    stepFunctions: {
      transitions,
      transitionsOnTheTwin: journey.execution.events.filter((event) => event.type.endsWith('StateEntered')).length,
      usd: stepFunctionsUsd,
    },
    s3: {
      putRequests: s3.putRequests,
      getRequests: s3.getRequests,
      storedBytes: s3.storedBytes,
      storedDays: s3.storedDays,
      usd: s3Usd,
    },
    // Subjects name the order; the kind is what is left.
    ses: {
      emails,
      kinds: journey.buyerMail.map((message) => message.subject.replace(/\s*\([^)]*\)\s*$/, '')),
      usd: sesUsd,
    },
    apiGateway: { requests: apiRequests, usd: apiUsd },
    bedrock: models.bedrock,
    polly: models.polly,
    contentCheck,
    stripe: { usd: stripeUsd },
    awsUsd,
    totalUsd: awsUsd + stripeUsd,
    marginUsd: priceUsd - awsUsd - stripeUsd,
    measured: {
      orderId: journey.orderId,
      paidToDoneSeconds: journey.paidToDoneSeconds,
      renderMs: Math.round(journey.renderMs),
      photoBytes: s3.photoBytes,
      loadAverage: journey.loadAverage,
    },
  };
}
