// The seam between the storyboard step and whoever writes the storyboard: the template writer
// (twin, CI, fallback) or Amazon Bedrock. Both take the same input and return a valid Storyboard.
import type { SiteFacts } from '#generation/website/extract-site-facts.ts';
import type { AdDuration, Style } from '#shared/contract.ts';
import type { Storyboard } from './storyboard.ts';

export interface StoryboardOrder {
  style: Style;
  durationSeconds: AdDuration;
  /** The buyer's photo, its key in the images bucket; null or absent when they sent none. */
  uploadKey?: string | null;
}

export interface StoryboardInput {
  /** What the site says; `source: 'fallback'` when it could not be read (the ad then says only the name). */
  site: SiteFacts & { source?: 'site' | 'fallback' };
  order: StoryboardOrder;
  /**
   * The order's free revision (storyboard/write-revision.ts): the buyer's note, and the draft to
   * revise (version 1 with the template's recognised requests applied). The Bedrock writer takes
   * the note's free text; the template writer never sees this.
   */
  revision?: { note: string; draft: Storyboard };
}

export interface StoryboardWriter {
  write(input: StoryboardInput): Promise<Storyboard>;
}
