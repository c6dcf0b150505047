// Version 2's storyboard (shared/revision.ts): the template writer applies the requests the note
// was read into (revise-storyboard.ts); where the stage writes with Bedrock, the model then takes
// the note's free text, from that draft. A model that fails leaves the template's version 2, as
// it leaves the template's ad on a first write (write-storyboard.ts).
import { logger } from '#powertools/logger.ts';
import type { RevisionRequestKind } from '#shared/revision.ts';
import { envNames } from '#shared/runtime-env.ts';
import type { WebsiteAnalysis } from '../website/analyze-website.ts';
import { type RevisionOutcome, reviseStoryboard } from './revise-storyboard.ts';
import type { Storyboard } from './storyboard.ts';
import type { StoryboardWriter } from './writer.ts';

export interface RevisionInput {
  version1: Storyboard;
  /** The site's facts version 1 was written from (absent: the template's rules alone). */
  site?: WebsiteAnalysis;
  note: string;
  requests: readonly RevisionRequestKind[];
  photoKey?: string;
}

export interface RevisionWriting extends RevisionOutcome {
  writer: 'template' | 'bedrock';
}

/** `writer` replaces the configured Bedrock writer (tests pass one with its own client). */
export async function writeRevision(
  input: RevisionInput,
  options: { writer?: StoryboardWriter } = {},
): Promise<RevisionWriting> {
  const templated = reviseStoryboard(input.version1, {
    requests: input.requests,
    ...(input.photoKey ? { photoKey: input.photoKey } : {}),
  });
  const writer = options.writer ?? (await configuredModelWriter());
  if (!writer || !input.site) return { ...templated, writer: 'template' };
  try {
    const storyboard = await writer.write({
      site: input.site,
      order: {
        style: input.version1.style,
        durationSeconds: input.version1.durationSeconds,
        uploadKey: templated.storyboard.assets.find((asset) => asset.source === 'upload')?.key ?? null,
      },
      revision: { note: input.note, draft: templated.storyboard },
    });
    const { openings: _openings, ...one } = storyboard;
    return { ...templated, storyboard: one, writer: 'bedrock' };
  } catch (error) {
    logger.warn('Revision writer failed; using the template', {
      reason: (error as Error).message,
      errorName: (error as Error).name,
    });
    return { ...templated, writer: 'template' };
  }
}

async function configuredModelWriter(): Promise<StoryboardWriter | null> {
  if (process.env[envNames.copywriter] !== 'bedrock') return null;
  const { bedrockStoryboardWriter } = await import('./bedrock-writer.ts');
  return bedrockStoryboardWriter();
}
