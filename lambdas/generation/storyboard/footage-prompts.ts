// The visual prompts the template writer gives the scenes that gain from AI footage (benefit and
// proof: the product in use, a setting, a person). A prompt describes a scene around the product,
// never the product itself up close (its real photo is composited in the other shots), and carries
// no text, logos or claims, which video models draw wrongly. The first frame is a site photo of a
// setting when there is one, else the buyer's photo (sent on a designed background).
import type { SceneRole } from './scene-plans.ts';
import type { SiteCopy } from './site-copy.ts';
import { footagePromptMaxChars, footageRoles, type StoryboardAsset, type StoryboardScene } from './storyboard.ts';

/**
 * A style's camera and who may be in the shot (its `visuals.footageCamera`). A UGC ad looks like a
 * phone video, so its footage shows hands and a setting only: a generated face in a first-person ad
 * would read as a customer's testimonial that no customer gave (16 CFR 465).
 */
export interface FootageCamera {
  shot: string;
  people: 'people' | 'hands';
}

const settings: Record<FootageCamera['people'], Record<SiteCopy['business'], string>> = {
  people: {
    software: 'a person working on a laptop in a bright modern workspace, smiling at the screen',
    service: 'a friendly professional helping a happy customer in a clean, welcoming place',
    shop: 'a person enjoying the product in everyday life, hands and surroundings in view',
    other: 'a person enjoying the moment in a bright, welcoming everyday setting',
  },
  hands: {
    software: 'hands typing on a laptop on a tidy desk by a window, seen from above the shoulder',
    service: 'hands and a tidy everyday setting where the service is used, seen from eye level',
    shop: 'hands unpacking and holding the product on a kitchen table, seen from above',
    other: 'hands and a bright, welcoming everyday setting, seen from eye level',
  },
};

const avoid = 'No on-screen text, no logos, no captions, no watermarks.';

/**
 * What no clip may show, sent as the negative prompt where a model's API takes one (footage/veo.ts,
 * footage/fal.ts): above all a person talking to the camera, which would be a made-up testimonial.
 */
export const footageNegativePrompt =
  'a person talking to the camera, speaking, lip movement, a face looking into the lens, on-screen text, captions, logos, watermarks';

/** Footage for a scene of `role`, or undefined when the role does not gain from it (`camera`: the style's). */
export function footageFor(
  camera: FootageCamera,
  role: SceneRole,
  copy: SiteCopy,
  assets: readonly StoryboardAsset[],
  backdrops: ReadonlySet<string>,
): StoryboardScene['footage'] {
  if (!footageRoles.includes(role)) return undefined;
  const about = copy.subject ? ` The scene is about ${copy.subject}.` : '';
  const moment = role === 'proof' ? ' A relaxed moment after using it.' : '';
  const prompt = `${camera.shot}: ${settings[camera.people][copy.business]}.${about}${moment} ${avoid}`;
  return { prompt: prompt.slice(0, footagePromptMaxChars), image: firstFrame(assets, backdrops) };
}

function firstFrame(assets: readonly StoryboardAsset[], backdrops: ReadonlySet<string>): string | null {
  const setting = assets.find((asset) => backdrops.has(asset.id));
  const photo = assets.find(
    (asset) => asset.source === 'upload' || asset.source === 'product' || asset.source === 'hero',
  );
  return (setting ?? photo)?.id ?? null;
}
