// The seam between the generation step and whoever writes the words: the deterministic template
// today, an LLM (Bedrock Converse) when one is configured. Both must return a valid AdScript.

import type { SiteFacts } from '#generation/website/extract-site-facts';
import type { Style } from '#shared/contract';
import type { AdDuration, AdScript } from './ad-script.ts';

export interface CopywriterInput {
  style: Style;
  durationSeconds: AdDuration;
  facts: SiteFacts;
}

export interface Copywriter {
  write(input: CopywriterInput): Promise<AdScript>;
}
