// The storyboard step's one entry: Amazon Bedrock when COPYWRITER=bedrock (the AWS stages), the
// template otherwise (the twin, CI). A model that is down, slow or answers nonsense never costs
// the buyer the ad: the template writes it instead, and the result says which writer did.
import { logger } from '#powertools/logger.ts';
import { envNames } from '#shared/runtime-env.ts';
import { StepFailure, unreadableSiteError } from '../step-errors.ts';
import type { Storyboard } from './storyboard.ts';
import { templateStoryboardWriter } from './template-writer.ts';
import type { StoryboardInput, StoryboardWriter } from './writer.ts';

export interface WrittenStoryboard {
  storyboard: Storyboard;
  writer: Storyboard['writer'];
}

/** `writer` replaces the configured writer (tests pass a Bedrock writer with its own client). */
export async function writeStoryboard(
  input: StoryboardInput,
  options: { writer?: StoryboardWriter } = {},
): Promise<WrittenStoryboard> {
  // An unread site and no photo leave nothing to show but the name: no ad is made of that
  // (docs/spec-deviations.md); AnalyzeWebsite fails such an order first, this is the last stop.
  if (input.site.source === 'fallback' && !input.order.uploadKey) {
    throw new StepFailure(unreadableSiteError, 'no name-only ad: the site was not read and there is no photo');
  }
  const writer = options.writer ?? (await configuredWriter());
  if (writer === templateStoryboardWriter) return written(await writer.write(input));
  try {
    return written(await writer.write(input));
  } catch (error) {
    logger.warn('Storyboard writer failed; using the template', {
      reason: (error as Error).message,
      errorName: (error as Error).name,
    });
    return written(await templateStoryboardWriter.write(input));
  }
}

async function configuredWriter(): Promise<StoryboardWriter> {
  if (process.env[envNames.copywriter] !== 'bedrock') return templateStoryboardWriter;
  // Loaded only when configured, so the default bundle carries no Bedrock client.
  const { bedrockStoryboardWriter } = await import('./bedrock-writer.ts');
  return bedrockStoryboardWriter();
}

function written(storyboard: Storyboard): WrittenStoryboard {
  return { storyboard, writer: storyboard.writer };
}
