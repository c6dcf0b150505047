// AI footage in the ad (docs/design.md "Generation pipeline"): the shots a scene's clip covers (clipShotIndexes:
// never the product shot) show its clip, full frame, trimmed to their length (a short clip holds
// its last frame). Layout and gates see a still of the clip as the shot's picture, so text placed
// on it is checked for contrast against what the clip shows; the compositor plays the clip there.
import { join } from 'node:path';
import { probeMedia } from '#generation/media/probe-media.ts';
import { runFfmpeg } from '#generation/media/run-ffmpeg.ts';
import { clipShotIndexes, type Storyboard } from '#generation/storyboard/storyboard.ts';

/** How a clip's still is marked among the storyboard's assets (the layout keeps it on its own shot). */
export const clipStillDescription = 'AI footage';

/** A shot played from a clip: which file, from which second of it. */
export interface ClipShot {
  path: string;
  offsetSeconds: number;
}

export interface FootageShots {
  /** The storyboard with each footage shot pointing at its clip's still, full-bleed and still. */
  storyboard: Storyboard;
  /** The stills as images, by their asset id. */
  stills: Record<string, string>;
  /** One entry per shot of the ad, in order: its clip, or null (a plate). */
  clips: (ClipShot | null)[];
}

/** `footage`: scene index → the clip's path. A clip without a video stream is left out (the plate stays). */
export async function withFootage(
  storyboard: Storyboard,
  footage: Readonly<Record<number, string>>,
  workDir: string,
  signal?: AbortSignal,
): Promise<FootageShots> {
  const copy: Storyboard = structuredClone(storyboard);
  const stills: Record<string, string> = {};
  const byScene = new Map<number, ClipShot[]>();
  for (const [key, path] of Object.entries(footage)) {
    const sceneIndex = Number(key);
    const scene = copy.scenes[sceneIndex];
    if (!scene?.footage) continue;
    const probed = await probeMedia(path);
    if (!probed.video || probed.durationSeconds <= 0) continue;
    const indexes = clipShotIndexes(scene);
    const span = indexes.reduce((sum, index) => sum + scene.shots[index]!.seconds, 0);
    // The still at the middle of what the ad shows of the clip.
    const stillPath = join(workDir, `footage-${sceneIndex}.png`);
    const at = Math.min(span, probed.durationSeconds) / 2;
    await runFfmpeg(
      [
        '-y',
        '-ss',
        at.toFixed(3),
        '-i',
        path,
        '-frames:v',
        '1',
        '-vf',
        'scale=720:1280:force_original_aspect_ratio=increase,crop=720:1280,setsar=1',
        stillPath,
      ],
      signal ? { signal } : {},
    );
    const assetId = `footage-${sceneIndex}`;
    copy.assets.push({ id: assetId, source: 'hero', description: clipStillDescription });
    stills[assetId] = stillPath;
    let offset = 0;
    const clipShots: ClipShot[] = [];
    for (const index of indexes) {
      const shot = scene.shots[index]!;
      scene.shots[index] = { ...shot, asset: assetId, framing: 'full-bleed', motion: 'static' };
      clipShots[index] = { path, offsetSeconds: offset };
      offset += shot.seconds;
    }
    byScene.set(sceneIndex, clipShots);
  }
  const clips = copy.scenes.flatMap((scene, sceneIndex) =>
    scene.shots.map((_, shotIndex) => byScene.get(sceneIndex)?.[shotIndex] ?? null),
  );
  return { storyboard: copy, stills, clips };
}
