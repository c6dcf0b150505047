// The storyboard an execution carries (generation-state.ts carriedStoryboard). Executions started before the storyboard
// shipped carry the old ad script there (no `version`); rather than keep the old renderer for
// them, their storyboard is written again by the template writer from the same site facts, which
// needs no model and no network, so a deploy never strands an order that is mid-way. A version 2
// storyboard (before `product` and the end card's `offer`) is read as version 3 with no product;
// one whose scenes no longer fit today's scene plans is written again the same way.

import { analyzeWebsite, type WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import type { AdDuration, Style } from '#shared/contract.ts';
import { type Storyboard, storyboardVersion } from './storyboard.ts';
import { storyboardSchema } from './storyboard-schema.ts';
import { templateStoryboardWriter } from './template-writer.ts';

export interface OrderForStoryboard {
  website: string;
  style: Style;
  duration_seconds: AdDuration;
  image_key?: string;
}

export async function storyboardOfState(
  carried: unknown,
  site: WebsiteAnalysis | undefined,
  order: OrderForStoryboard,
): Promise<Storyboard> {
  if (versionOf(carried) === storyboardVersion) return storyboardSchema.parse(carried);
  if (versionOf(carried) === 2) {
    const upgraded = storyboardSchema.safeParse({ ...(carried as object), version: storyboardVersion, product: null });
    if (upgraded.success) return upgraded.data;
  }
  return templateStoryboardWriter.write({
    site: site ?? (await analyzeWebsite(order.website)),
    order: {
      style: order.style,
      durationSeconds: order.duration_seconds,
      uploadKey: order.image_key ?? null,
    },
  });
}

function versionOf(script: unknown): unknown {
  return typeof script === 'object' && script !== null ? (script as { version?: unknown }).version : undefined;
}
