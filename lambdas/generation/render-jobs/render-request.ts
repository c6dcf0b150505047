// What a render job is asked to make: the order's storyboard, which names every image it uses
// (the buyer's upload by its key, the site's images by URL) and the AI footage clips made for it.
import type { Storyboard } from '#generation/storyboard/storyboard.ts';

export interface RenderRequest {
  orderId: string;
  storyboard: Storyboard;
  /** AI footage clips stored in the videos bucket, by scene (absent: an engine-only ad). */
  footage?: { sceneIndex: number; key: string }[];
}
