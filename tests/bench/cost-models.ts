// The per-ad cost of the two model services a deployed stage calls and the twin does not: Amazon
// Bedrock writing the storyboard (WriteStoryboard, lambdas/generation/storyboard/bedrock-writer.ts) and
// Amazon Polly speaking it (the render, lambdas/generation/voice/polly-voice.ts). Whether a stage
// calls them, and which model, come from the synthesized template; what they are asked comes from
// the order made on the twin:
// - Bedrock: the real writer, with the real Converse client, runs against a local server speaking
//   Converse (tests/integration/support/bedrock-converse-stub.ts) that answers with the storyboard
//   the order got; the request (system, messages, toolConfig) and the answer are counted as sent,
//   then turned into tokens. A second run, whose first answer the checks refuse, measures a repair
//   turn.
// - Polly: the characters of every voice line of the order's storyboard, per read of a line.

import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { bedrockStoryboardWriter } from '#generation/storyboard/bedrock-writer.ts';
import { type Storyboard, wordsOf } from '#generation/storyboard/storyboard.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import type { StoryboardInput } from '#generation/storyboard/writer.ts';
import { voiceFor } from '#generation/voice/style-voices.ts';
import { generationConfig } from '#shared/config.ts';
import { renderStates } from '#shared/generation-steps.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type ConverseRequestBody, startBedrockStub } from '#tests/integration/support/bedrock-converse-stub.ts';
import type { AdJourney } from './ad-journey.ts';
import type { CloudAssembly } from './cloud-assembly.ts';
import { costAssumptions } from './cost-assumptions.ts';
import { type Price, prices, unitPrice } from './prices.ts';
import { generationStateMachine, type StackFunction } from './stack-template.ts';

/** The task state that writes the storyboard. */
const writeStoryboardState = 'WriteStoryboard';

/** One Converse call as counted: characters as sent, tokens by costAssumptions.charactersPerToken. */
export interface ConverseCall {
  inputCharacters: number;
  outputCharacters: number;
  inputTokens: number;
  outputTokens: number;
  usd: number;
}

export interface BedrockCost {
  /** Whether the synthesized WriteStoryboard function writes with Bedrock (COPYWRITER=bedrock). */
  used: boolean;
  modelId: string;
  /** Whether the twin could read the order's site; a fallback storyboard is written from the domain alone. */
  siteSource: string;
  /** The first (and, when the answer passes, only) call. */
  first: ConverseCall;
  /** A repair turn, measured: the first call resent with the model's answer and its problems. */
  repair: ConverseCall;
  repairShare: number;
  /** Expected per ad: the first call plus repairShare × the repair turn. */
  inputTokens: number;
  outputTokens: number;
  usd: number;
}

export interface PollyCost {
  /** Whether the synthesized render function speaks with Polly (VOICE_ENGINE=polly). */
  used: boolean;
  voiceId: string;
  engine: string;
  /** Voice lines spoken (scenes with a non-empty voiceLine). */
  lines: number;
  /** Characters of all lines, read once: the text between the SSML tags, which Polly bills. */
  characters: number;
  requestsPerRead: number;
  reReadShare: number;
  billedCharacters: number;
  usd: number;
}

export interface ModelCosts {
  bedrock: BedrockCost;
  polly: PollyCost;
}

/** The storyboard the order got (WriteStoryboard's output) and what WriteStoryboard wrote it from. */
export function storyboardOfJourney(journey: AdJourney): { input: StoryboardInput; storyboard: Storyboard } {
  let state = '';
  let stateInput: { site?: StoryboardInput['site'] } | undefined;
  let storyboard: Storyboard | undefined;
  for (const event of journey.execution.events) {
    if (event.type === 'TaskStateEntered') {
      state = String((event.stateEnteredEventDetails as { name?: string } | undefined)?.name ?? '');
    } else if (state === writeStoryboardState && event.type === 'LambdaFunctionScheduled') {
      stateInput = JSON.parse(String((event.lambdaFunctionScheduledEventDetails as { input?: string }).input));
    } else if (state === writeStoryboardState && event.type === 'LambdaFunctionSucceeded') {
      storyboard = JSON.parse(String((event.lambdaFunctionSucceededEventDetails as { output?: string }).output));
    }
  }
  if (!stateInput?.site || !storyboard?.scenes) {
    throw new Error(
      `The execution of ${journey.orderId} shows no ${writeStoryboardState} with a site and a storyboard`,
    );
  }
  const input: StoryboardInput = {
    site: stateInput.site,
    order: {
      style: storyboard.style,
      durationSeconds: storyboard.durationSeconds,
      uploadKey: storyboard.assets.find((asset) => asset.source === 'upload')?.key ?? null,
    },
  };
  // The writer's draft is the template storyboard of the same input: it must be the order's own.
  if (JSON.stringify(writeTemplateStoryboard(input)) !== JSON.stringify(storyboard)) {
    throw new Error(`The ${writeStoryboardState} input of ${journey.orderId} does not rebuild the storyboard it got`);
  }
  return { input, storyboard };
}

const tokens = (characters: number) => Math.ceil(characters / costAssumptions.charactersPerToken);

/** The request's characters as sent: system, messages and toolConfig (inferenceConfig aside). */
const requestCharacters = (body: ConverseRequestBody) =>
  [body.system, body.messages, body.toolConfig].reduce((total, part) => total + JSON.stringify(part ?? '').length, 0);

function modelPrices(modelId: string): { input: Price; output: Price } {
  // The model itself or a cross-region inference profile of it (us.amazon.nova-pro-v1:0).
  if (/^([a-z]{2,4}\.)?amazon\.nova-pro-v1:0$/.test(modelId)) {
    return { input: prices.bedrockNovaProInput, output: prices.bedrockNovaProOutput };
  }
  throw new Error(`tests/bench/prices.ts has no price for the Bedrock model ${modelId}`);
}

function converseCall(inputCharacters: number, outputCharacters: number, modelId: string): ConverseCall {
  const price = modelPrices(modelId);
  const inputTokens = tokens(inputCharacters);
  const outputTokens = tokens(outputCharacters);
  return {
    inputCharacters,
    outputCharacters,
    inputTokens,
    outputTokens,
    usd: inputTokens * unitPrice(price.input) + outputTokens * unitPrice(price.output),
  };
}

/**
 * Runs the Bedrock storyboard writer for the order's input against a local Converse server. The
 * answer is the order's storyboard as the model would hand it over (writer: bedrock); `broken`
 * first answers it with a price the site never gave, so the writer asks for one repair.
 */
async function converseCalls(
  input: StoryboardInput,
  storyboard: Storyboard,
  modelId: string,
  broken: boolean,
): Promise<{ input: number; output: number }[]> {
  const answer = { ...storyboard, writer: 'bedrock' };
  const last = answer.scenes.length - 1;
  const refused = {
    ...answer,
    scenes: answer.scenes.map((scene, index) =>
      index === last ? { ...scene, voiceLine: `${scene.voiceLine} Only $97 today.` } : scene,
    ),
  };
  const answered: number[] = [];
  const stub = await startBedrockStub({
    respond: (request) => {
      const tool = broken && request.body.messages?.length === 1 ? refused : answer;
      answered.push(JSON.stringify(tool).length);
      return tool;
    },
  });
  const client = new BedrockRuntimeClient({
    endpoint: stub.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDBENCHSTUB', secretAccessKey: 'bench-stub-secret' },
    maxAttempts: 1,
  });
  try {
    const written = await bedrockStoryboardWriter({ client, modelId }).write(input);
    const expectedCalls = broken ? 2 : 1;
    if (written.writer !== 'bedrock' || stub.requests.length !== expectedCalls) {
      throw new Error(
        `The Bedrock writer made ${stub.requests.length} calls (expected ${expectedCalls}) and ended with the ${written.writer} writer`,
      );
    }
    return stub.requests.map((request, index) => ({
      input: requestCharacters(request.body),
      output: answered[index] ?? 0,
    }));
  } finally {
    client.destroy();
    await stub.stop();
  }
}

const environmentOf = (functions: readonly StackFunction[], logicalId: string | undefined) =>
  functions.find((fn) => fn.logicalId === logicalId)?.environment ?? {};

export async function modelCosts(
  journey: AdJourney,
  assembly: CloudAssembly,
  functions: readonly StackFunction[],
): Promise<ModelCosts> {
  const { input, storyboard } = storyboardOfJourney(journey);
  const machine = generationStateMachine(assembly);
  const writeStoryboardEnvironment = environmentOf(functions, machine.taskFunctions[writeStoryboardState]);
  const render = environmentOf(functions, machine.taskFunctions[renderStates.primary]);

  // Bedrock, as the deployed WriteStoryboard would call it for this order.
  const bedrockUsed = writeStoryboardEnvironment[envNames.copywriter] === 'bedrock';
  const modelId = writeStoryboardEnvironment[envNames.bedrockModelId] || generationConfig.bedrockModelId;
  const [first] = await converseCalls(input, storyboard, modelId, false);
  const [, repairTurn] = await converseCalls(input, storyboard, modelId, true);
  if (!first || !repairTurn) throw new Error('The Bedrock writer was not counted');
  const firstCall = converseCall(first.input, first.output, modelId);
  const repair = converseCall(repairTurn.input, repairTurn.output, modelId);
  const repairShare = costAssumptions.bedrockRepairShare;

  // Polly: each spoken line, read once (plus the assumed re-reads), by two requests.
  const voice = voiceFor(storyboard.style, 'polly');
  const spoken = storyboard.scenes.map((scene) => wordsOf(scene.voiceLine).join(' ')).filter(Boolean);
  const characters = spoken.reduce((total, line) => total + [...line].length, 0);
  const requestsPerRead = costAssumptions.pollyRequestsPerRead;
  const reReadShare = costAssumptions.pollyReReadShare;
  const billedCharacters = characters * requestsPerRead * (1 + reReadShare);
  const pollyUsed = render[envNames.voiceEngine] === 'polly';
  const characterPrice = { neural: prices.pollyNeuralCharacters }[voice.pollyEngine as 'neural'];
  if (pollyUsed && !characterPrice) {
    throw new Error(`tests/bench/prices.ts has no price for Polly's ${voice.pollyEngine} voices`);
  }

  return {
    bedrock: {
      used: bedrockUsed,
      modelId,
      siteSource: input.site.source ?? 'site',
      first: firstCall,
      repair,
      repairShare,
      inputTokens: firstCall.inputTokens + repairShare * repair.inputTokens,
      outputTokens: firstCall.outputTokens + repairShare * repair.outputTokens,
      usd: bedrockUsed ? firstCall.usd + repairShare * repair.usd : 0,
    },
    polly: {
      used: pollyUsed,
      voiceId: voice.voiceId,
      engine: voice.pollyEngine,
      lines: spoken.length,
      characters,
      requestsPerRead,
      reReadShare,
      billedCharacters,
      usd: pollyUsed && characterPrice ? billedCharacters * unitPrice(characterPrice) : 0,
    },
  };
}
