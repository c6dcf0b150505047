// The storyboard an execution carries under `script`. Executions started before the storyboard
// shipped carry the old ad script there (no `version`); rather than keep the old renderer for
// them, their storyboard is written again by the template writer from the same site facts, which
// needs no model and no network, so a deploy never strands an order that is mid-way.

import { analyzeWebsite, type WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import type { Style } from '#shared/contract.ts';
import type { AdDuration } from './scene-plans.ts';
import { type Storyboard, storyboardSchema, storyboardVersion } from './storyboard.ts';
import { templateStoryboardWriter } from './template-writer.ts';

export interface OrderForStoryboard {
  website: string;
  style: Style;
  duration_seconds: number;
  image_key?: string;
}

export async function storyboardOfState(
  script: unknown,
  site: WebsiteAnalysis | undefined,
  order: OrderForStoryboard,
): Promise<Storyboard> {
  if (isStoryboard(script)) return storyboardSchema.parse(script);
  return templateStoryboardWriter.write({
    site: site ?? (await analyzeWebsite(order.website)),
    order: {
      style: order.style,
      durationSeconds: order.duration_seconds as AdDuration,
      uploadKey: order.image_key ?? null,
    },
  });
}

function isStoryboard(script: unknown): boolean {
  return (
    typeof script === 'object' && script !== null && (script as { version?: unknown }).version === storyboardVersion
  );
}
