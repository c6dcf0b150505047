// The visual prompts the template writer gives the scenes that gain from AI footage (benefit and
// proof: the product in use, a setting, a person). A prompt describes a scene around the product,
// never the product itself up close (its real photo is composited in the other shots), and carries
// no text, logos or claims, which video models draw wrongly. The first frame is a site photo of a
// setting when there is one, else the buyer's photo (sent on a designed background).
import type { SceneRole } from './scene-plans.ts';
import type { SiteCopy } from './site-copy.ts';
import { footagePromptMaxChars, footageRoles, type StoryboardAsset, type StoryboardScene } from './storyboard.ts';

const settings: Record<SiteCopy['business'], string> = {
  software: 'a person working on a laptop in a bright modern workspace, smiling at the screen',
  service: 'a friendly professional helping a happy customer in a clean, welcoming place',
  shop: 'a person enjoying the product in everyday life, hands and surroundings in view',
  other: 'a person enjoying the moment in a bright, welcoming everyday setting',
};

const avoid = 'No on-screen text, no logos, no captions, no watermarks.';

/**
 * Footage for a scene of `role`, or undefined when the role does not gain from it. `camera`: the
 * style's camera and light (its `visuals.footageCamera`).
 */
export function footageFor(
  camera: string,
  role: SceneRole,
  copy: SiteCopy,
  assets: readonly StoryboardAsset[],
  backdrops: ReadonlySet<string>,
): StoryboardScene['footage'] {
  if (!footageRoles.includes(role)) return undefined;
  const about = copy.subject ? ` The scene is about ${copy.subject}.` : '';
  const moment = role === 'proof' ? ' A satisfied, relaxed moment after using it.' : '';
  const prompt = `${camera}: ${settings[copy.business]}.${about}${moment} ${avoid}`;
  return { prompt: prompt.slice(0, footagePromptMaxChars), image: firstFrame(assets, backdrops) };
}

function firstFrame(assets: readonly StoryboardAsset[], backdrops: ReadonlySet<string>): string | null {
  const setting = assets.find((asset) => backdrops.has(asset.id));
  const photo = assets.find(
    (asset) => asset.source === 'upload' || asset.source === 'product' || asset.source === 'hero',
  );
  return (setting ?? photo)?.id ?? null;
}
