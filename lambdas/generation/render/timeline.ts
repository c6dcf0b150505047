// Scene times snapped to whole frames, so every clip, caption and fade starts on a frame and the
// clips add up to exactly durationSeconds × fps frames.
import type { RenderScene, RenderSpec } from './render-spec.ts';

/** The frame rate every ad is rendered at (RenderSpec allows only this one). */
export const fps: RenderSpec['fps'] = 30;

export interface TimedScene {
  scene: RenderScene;
  index: number;
  start: number;
  end: number;
  frames: number;
}

export interface Timeline {
  frames: number;
  /** Scenes drawn over footage or the brand background. */
  story: TimedScene[];
  /** The last scene, which shows the end card. */
  endCard: TimedScene;
}

export function timelineOf(spec: RenderSpec): Timeline {
  const toFrame = (seconds: number) => Math.round(seconds * fps);
  const timed = spec.scenes.map((scene, index) => {
    const startFrame = toFrame(scene.startSeconds);
    const endFrame = index === spec.scenes.length - 1 ? spec.durationSeconds * fps : toFrame(scene.endSeconds);
    return { scene, index, start: startFrame / fps, end: endFrame / fps, frames: endFrame - startFrame };
  });
  return {
    frames: spec.durationSeconds * fps,
    story: timed.slice(0, -1),
    endCard: timed.at(-1)!,
  };
}
