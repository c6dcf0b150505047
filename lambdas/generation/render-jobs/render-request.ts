// What a render job is asked to make: the order's storyboard, which names every image it uses
// (the buyer's upload by its key, the site's images by URL).
import type { Storyboard } from '#generation/storyboard/storyboard.ts';

export interface RenderRequest {
  orderId: string;
  storyboard: Storyboard;
}
