// Five frames of an ad side by side (ffmpeg's tile), for a reviewer to judge a style at a glance:
// the hook at 0.8 s, three moments of the story and the end card (docs/conventions.md, "The ad engine").
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { ffmpegReport } from './ffmpeg-report.ts';
import { frame } from './geometry.ts';

export const sheetFrames = 5;

/** The seconds shown: the hook, three story moments (scene middles when there are enough), the end card. */
export function sheetTimes(storyboard: Storyboard): number[] {
  const scenes = storyboard.scenes;
  const body = scenes.slice(1, -1);
  const end = scenes.at(-1)!;
  const hook = Math.min(0.8, scenes[0]!.endSeconds - 0.1);
  const story =
    body.length >= 3
      ? body.slice(0, 3).map((scene) => (scene.startSeconds + scene.endSeconds) / 2)
      : [1, 2, 3].map((step) => body[0]!.startSeconds + ((body.at(-1)!.endSeconds - body[0]!.startSeconds) * step) / 4);
  return [hook, ...story, storyboard.durationSeconds - Math.min(0.3, (end.endSeconds - end.startSeconds) / 2)];
}

export async function writeContactSheet(videoPath: string, storyboard: Storyboard, outPath: string): Promise<void> {
  const frames = sheetTimes(storyboard).map((seconds) => Math.round(seconds * frame.fps));
  const select = frames.map((n) => `eq(n\\,${n})`).join('+');
  await ffmpegReport([
    '-y',
    '-i',
    videoPath,
    '-vf',
    // Each frame in its own shape (a format's ratio, geometry.ts `designFrames`): 640 px on its longer side.
    `select=${select},scale='if(gt(iw,ih),640,-2)':'if(gt(iw,ih),-2,640)':flags=lanczos,tile=${sheetFrames}x1`,
    '-frames:v',
    '1',
    outPath,
  ]);
}
