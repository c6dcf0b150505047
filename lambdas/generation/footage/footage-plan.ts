// Which scenes get a clip, how long each clip is and what it costs, within the stage's spend limit
// per ad. A scene asks for the shortest length its model accepts that covers the footage's span
// (the renderer trims it); an image-to-video model skips scenes without a first frame.
import { clipSpanSeconds, type Storyboard } from '#generation/storyboard/storyboard.ts';
import type { FootageSettings } from './footage-settings.ts';

export interface PlannedClip {
  sceneIndex: number;
  prompt: string;
  /** The first frame's asset id, or null (text-to-video). */
  image: string | null;
  seconds: number;
  costUsd: number;
}

export interface FootagePlan {
  clips: PlannedClip[];
  /** Scenes that asked for footage and will not get it, with why. */
  skipped: { sceneIndex: number; reason: string }[];
}

/** USD for `seconds` of the stage's model, to the tenth of a cent. */
export function clipCost(settings: FootageSettings, seconds: number): number {
  return roundUsd(seconds * settings.price.usdPerSecond[settings.resolution]);
}

export const roundUsd = (usd: number) => Math.round(usd * 10_000) / 10_000;

export function planFootage(storyboard: Storyboard, settings: FootageSettings): FootagePlan {
  const plan: FootagePlan = { clips: [], skipped: [] };
  let spent = 0;
  storyboard.scenes.forEach((scene, sceneIndex) => {
    if (!scene.footage) return;
    const image = scene.footage.image;
    if (settings.price.needsImage && !image) {
      plan.skipped.push({ sceneIndex, reason: `${settings.model} needs a first frame and the scene has none` });
      return;
    }
    const span = clipSpanSeconds(scene);
    const lengths = settings.price.clipSeconds;
    const seconds = lengths.find((length) => length >= span - 1e-6) ?? lengths.at(-1)!;
    const costUsd = clipCost(settings, seconds);
    if (spent + costUsd > settings.maxSpendUsd + 1e-9) {
      plan.skipped.push({
        sceneIndex,
        reason: `over the spend limit: $${roundUsd(spent + costUsd)} > $${settings.maxSpendUsd} per ad`,
      });
      return;
    }
    spent += costUsd;
    plan.clips.push({ sceneIndex, prompt: scene.footage.prompt, image, seconds, costUsd });
  });
  return plan;
}
