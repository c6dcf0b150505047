// The ffmpeg command that composites an ad (pure: the same inputs give the same arguments). Each
// shot's plate is moved by zoompan and the shots are cut together (or, where the look dissolves,
// dissolved over the previous one); every text layer is overlaid while its scene lasts, with a short
// entrance; the caption states arrive as one concat stream (one overlay, whatever the word count);
// the soundtrack is encoded as AAC. 30 fps, yuv420p H.264, +faststart, exactly the ad's length.
import { filter } from '#generation/media/filter-escape.ts';
import { type Box, frame as designFrame } from './geometry.ts';
import type { AdLayout } from './layout.ts';
import { scrollCropY, zoompanExpressions } from './motion.ts';
import { sweepSizeOf } from './plates.ts';
import type { TextBlock } from './text-blocks.ts';

export interface TextLayer {
  path: string;
  block: TextBlock;
  sceneIndex: number;
  startFrame: number;
  endFrame: number;
}

/** A still layer (the brand mark) shown from its first frame to its last, with no entrance. */
export interface MarkLayer {
  path: string;
  box: Box;
  startFrame: number;
  endFrame: number;
}

export interface GraphInputs {
  layout: AdLayout;
  /** One plate file per shot, in the ad's shot order (the same path may repeat). */
  platePaths: string[];
  /** Shots played from an AI footage clip (from `offsetSeconds` of it) instead of their plate; absent: none. */
  clips?: readonly ({ path: string; offsetSeconds: number } | null)[];
  /** One sweep band image per shot (plates.ts `sweepPng`), in the same order; null: none (the end card). */
  sweepPaths: (string | null)[];
  textLayers: TextLayer[];
  /** The brand mark's layers (render-storyboard.ts draws one per run of scenes); absent: none. */
  markLayers?: MarkLayer[];
  captions: { listPath: string; band: Box } | null;
  soundtrackPath: string;
  outPath: string;
  /** The poster JPEG: the composed frame at `frame`, written by the same run (no second decode of the ad). */
  poster?: { path: string; frame: number };
}

/** Bitrate cap at 720x1280 (a 12 s ad stays well under 8 MB whatever the pictures); in proportion to the frame's width. */
const maxVideoKbps = 4000;

const seconds = (frames: number) => Number((frames / designFrame.fps).toFixed(4));

function entrance(layout: AdLayout, layer: TextLayer): { fadeIn: number; x: string; y: string } {
  const { kind, seconds: duration } = layout.look.textEntrance;
  const start = seconds(layer.startFrame);
  // How far text rises or drops in (design px, in proportion to the frame).
  const px = (value: number) => value * layout.frame.scale;
  const x = String(Math.round(layer.block.box.x));
  const y = Math.round(layer.block.box.y);
  // The hook's text is whole on frame 0: a thumb decides before any entrance would finish.
  if (layer.startFrame === 0) return { fadeIn: 0, x, y: String(y) };
  const progress = `min(1,max(0,(t-${start})/${duration}))`;
  switch (kind) {
    case 'fade-rise':
      return { fadeIn: duration, x, y: `${y}+${px(16)}*(1-${progress})` };
    case 'slam':
      return { fadeIn: Math.min(0.06, duration), x, y: `${y}-${px(36)}*pow(1-${progress},2)` };
    case 'pop':
      return { fadeIn: Math.min(0.1, duration), x, y: `${y}+${px(22)}*pow(1-${progress},3)` };
  }
}

/**
 * A still image read once. An image input looped by the demuxer (`-loop 1`) is decoded again for
 * every frame it lasts, and each text, mark and sweep layer was then converted to the overlay's
 * yuva420p every frame too: the image is decoded and converted once, and `held` repeats it.
 */
function stillInput(path: string, fps: number): string[] {
  return ['-framerate', String(fps), '-pattern_type', 'none', '-i', path];
}

/** One still frame repeated for `frames` frames at `fps`, from 0 (the loop filter repeats it in memory). */
function held(frames: number, fps: number): string {
  return `loop=loop=${frames - 1}:size=1:start=0,setpts=N/${fps}/TB`;
}

/**
 * Whether a shot dissolves into the one before it: only in a look with dissolves, only at a scene's
 * start, and only between two different pictures — two framings of one photo are cut, never
 * double-exposed.
 */
export function dissolvesIn(layout: AdLayout, shotIndex: number): boolean {
  if (shotIndex === 0 || layout.look.dissolveSeconds <= 0) return false;
  const shots = layout.scenes.flatMap((scene) => scene.shots.map((shot) => ({ scene, shot })));
  const { scene, shot } = shots[shotIndex]!;
  const before = shots[shotIndex - 1]!.shot;
  if (shot.startFrame !== scene.startFrame) return false;
  return shot.asset !== before.asset || (shot.asset === null && shot.design !== before.design);
}

export function buildComposeCommand(inputs: GraphInputs): string[] {
  const { layout } = inputs;
  const { frame } = layout;
  const sweepSize = sweepSizeOf(frame);
  const args: string[] = ['-y'];
  const statements: string[] = [];
  let inputCount = 0;
  const addInput = (input: string[]) => {
    args.push(...input);
    return inputCount++;
  };

  // Plates: each distinct file is read once and split between the shots that use it.
  const shots = layout.scenes.flatMap((scene) => scene.shots.map((shot) => ({ scene, shot })));
  const plateInputs = new Map<string, { input: number; uses: number[] }>();
  const clipOf = (shotIndex: number) => inputs.clips?.[shotIndex] ?? null;
  inputs.platePaths.forEach((path, shotIndex) => {
    if (clipOf(shotIndex)) return;
    const known = plateInputs.get(path);
    if (known) known.uses.push(shotIndex);
    else plateInputs.set(path, { input: addInput(['-pattern_type', 'none', '-i', path]), uses: [shotIndex] });
  });
  for (const { input, uses } of plateInputs.values()) {
    const labels = uses.map((shotIndex) => `[plate${shotIndex}]`).join('');
    statements.push(`[${input}:v]format=yuv420p${uses.length > 1 ? `,split=${uses.length}` : ''}${labels}`);
  }

  // The sweep bands: each distinct image is read once, converted once, and split between its
  // shots; each shot repeats its copy for its own frames, starting at 0 like the shot it lights
  // (zoompan's output), whatever the shot's place.
  const sweepInputs = new Map<string, number[]>();
  inputs.sweepPaths.forEach((path, shotIndex) => {
    if (path) sweepInputs.set(path, [...(sweepInputs.get(path) ?? []), shotIndex]);
  });
  for (const [path, uses] of sweepInputs) {
    const input = addInput(stillInput(path, frame.fps));
    const labels = uses.map((shotIndex) => `[band${shotIndex}]`).join('');
    statements.push(`[${input}:v]format=yuva420p${uses.length > 1 ? `,split=${uses.length}` : ''}${labels}`);
  }

  const dissolveFrames = Math.round(layout.look.dissolveSeconds * frame.fps);
  shots.forEach(({ shot }, index) => {
    // A dissolve starts the shot early, over the end of the one before (scene boundaries only).
    const dissolve = dissolvesIn(layout, index) ? dissolveFrames : 0;
    const frames = shot.frames + dissolve;
    const clip = clipOf(index);
    if (clip) {
      // The clip fills the frame (cropped to 9:16), at the ad's rate, for exactly the shot's frames;
      // one shorter than the shot holds its last frame. Its own audio is never used.
      const input = addInput(['-i', clip.path]);
      const length = seconds(frames);
      statements.push(
        `[${input}:v]scale=${frame.width}:${frame.height}:force_original_aspect_ratio=increase,crop=${frame.width}:${frame.height},` +
          `fps=${frame.fps},setsar=1,format=yuv420p,trim=start=${clip.offsetSeconds}:duration=${length},setpts=PTS-STARTPTS,` +
          `tpad=stop_mode=clone:stop_duration=${length},trim=end_frame=${frames}[moved${index}]`,
      );
    } else if (shot.site) {
      // A page taller than the frame slides up under a window the frame's size: the single plate
      // image repeated for the shot's frames, cropped row by row as the thumb flicks it, then scaled.
      const plateWidth = Math.round(frame.width * frame.plateScale);
      const plateHeight = Math.round(frame.height * frame.plateScale);
      statements.push(
        `[plate${index}]loop=loop=${frames - 1}:size=1:start=0,setpts=N/${frame.fps}/TB,${filter('crop', {
          w: plateWidth,
          h: plateHeight,
          x: 0,
          y: scrollCropY(shot.move, frames, frame.plateScale),
        })},scale=${frame.width}:${frame.height},setsar=1[moved${index}]`,
      );
    } else {
      const motion = zoompanExpressions(shot.move, frames, frame.plateScale);
      statements.push(
        `[plate${index}]${filter('zoompan', {
          z: motion.z,
          x: motion.x,
          y: motion.y,
          d: frames,
          s: `${frame.width}x${frame.height}`,
          fps: frame.fps,
        })},setsar=1[moved${index}]`,
      );
    }
    // The band crosses the frame once over the shot (its centre from one edge to the other),
    // left to right and back on alternate shots: a slow sheen, however flat the picture is.
    const across = `${frame.width}*min(1,t/${seconds(Math.max(1, frames - 1))})`;
    const x = index % 2 === 0 ? `${across}-${sweepSize.width / 2}` : `${frame.width - sweepSize.width / 2}-${across}`;
    const chain: string[] = [];
    if (inputs.sweepPaths[index]) statements.push(`[band${index}]${held(frames, frame.fps)}[sweep${index}]`);
    chain.push(
      inputs.sweepPaths[index]
        ? `[moved${index}][sweep${index}]${filter('overlay', { x, y: 0, eval: 'frame', shortest: 1, format: 'yuv420' })}`
        : `[moved${index}]null`,
    );
    if (dissolveFrames > 0) {
      chain.push('format=yuva420p');
      if (dissolve > 0) chain.push(`fade=t=in:st=0:d=${seconds(dissolve)}:alpha=1`);
      chain.push(`setpts=PTS-STARTPTS+${seconds(shot.startFrame - dissolve)}/TB`);
    }
    statements.push(`${chain.join(',')}[shot${index}]`);
  });

  let video: string;
  if (dissolveFrames > 0) {
    statements.push(
      `color=c=black:s=${frame.width}x${frame.height}:r=${frame.fps}:d=${seconds(layout.totalFrames)},format=yuv420p[base]`,
    );
    video = 'base';
    shots.forEach((_, index) => {
      statements.push(`[${video}][shot${index}]overlay=eof_action=pass[cut${index}]`);
      video = `cut${index}`;
    });
  } else {
    statements.push(`${shots.map((_, index) => `[shot${index}]`).join('')}concat=n=${shots.length}:v=1:a=0[cuts]`);
    video = 'cuts';
  }

  inputs.textLayers.forEach((layer, index) => {
    const length = seconds(layer.endFrame - layer.startFrame);
    const input = addInput(stillInput(layer.path, frame.fps));
    const move = entrance(layout, layer);
    const fades = move.fadeIn > 0 ? [`fade=t=in:st=0:d=${move.fadeIn}:alpha=1`] : [];
    // Cinematic text leaves with its picture when it dissolves; a cut takes the text with it.
    const nextShot = shots.findIndex(({ shot }) => shot.startFrame === layer.endFrame);
    if (dissolveFrames > 0 && layer.endFrame < layout.totalFrames && nextShot > 0 && dissolvesIn(layout, nextShot)) {
      fades.push(
        `fade=t=out:st=${Math.max(0, length - layout.look.dissolveSeconds / 2)}:d=${layout.look.dissolveSeconds / 2}:alpha=1`,
      );
    }
    statements.push(
      `[${input}:v]format=yuva420p,${held(layer.endFrame - layer.startFrame, frame.fps)},${[...fades, ''].join(',')}setpts=PTS-STARTPTS+${seconds(layer.startFrame)}/TB[text${index}]`,
    );
    statements.push(
      `[${video}][text${index}]${filter('overlay', { x: move.x, y: move.y, eof_action: 'pass' })}[texted${index}]`,
    );
    video = `texted${index}`;
  });

  // The brand mark: still, on top of the pictures and the text, for its scenes.
  (inputs.markLayers ?? []).forEach((mark, index) => {
    const input = addInput(stillInput(mark.path, frame.fps));
    statements.push(
      `[${input}:v]format=yuva420p,${held(mark.endFrame - mark.startFrame, frame.fps)},setpts=PTS-STARTPTS+${seconds(mark.startFrame)}/TB[mark${index}]`,
    );
    statements.push(
      `[${video}][mark${index}]overlay=x=${Math.round(mark.box.x)}:y=${Math.round(mark.box.y)}:eof_action=pass[marked${index}]`,
    );
    video = `marked${index}`;
  });

  if (inputs.captions) {
    const input = addInput(['-f', 'concat', '-safe', '0', '-i', inputs.captions.listPath]);
    const { band } = inputs.captions;
    statements.push(`[${input}:v]format=rgba[captions]`);
    statements.push(
      `[${video}][captions]overlay=x=${Math.round(band.x)}:y=${Math.round(band.y)}:eof_action=pass[captioned]`,
    );
    video = 'captioned';
  }
  if (inputs.poster) {
    // trim ends its branch after the one frame, so split never holds frames for it.
    const { frame: posterFrame } = inputs.poster;
    statements.push(
      `[${video}]format=yuv420p,split=2[video][posterSource]`,
      `[posterSource]trim=start_frame=${posterFrame}:end_frame=${posterFrame + 1}[poster]`,
    );
  } else {
    statements.push(`[${video}]format=yuv420p[video]`);
  }
  const audio = addInput(['-i', inputs.soundtrackPath]);

  args.push(
    '-filter_complex',
    statements.join(';\n'),
    '-map',
    '[video]',
    '-map',
    `${audio}:a`,
    '-c:v',
    'libx264',
    // superfast: x264 at veryfast was half the render on 2 cores; files stay far under 8 MB at this CRF.
    '-preset',
    'superfast',
    '-crf',
    '20',
    '-maxrate',
    `${Math.round(maxVideoKbps * frame.scale)}k`,
    '-bufsize',
    `${Math.round(maxVideoKbps * 2 * frame.scale)}k`,
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(frame.fps),
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-t',
    String(seconds(layout.totalFrames)),
    '-movflags',
    '+faststart',
    inputs.outPath,
  );
  if (inputs.poster) args.push('-map', '[poster]', '-frames:v', '1', '-q:v', '3', inputs.poster.path);
  return args;
}

/** The caption states as a concat-demuxer list: each image from its first frame to the next one's. */
export function captionList(
  entries: readonly { path: string; startFrame: number; endFrame: number }[],
  emptyPath: string,
  totalFrames: number,
): string {
  // Boundaries half a millisecond early, so rounding never shows a state one frame late.
  const at = (frameNumber: number) => (frameNumber === 0 ? 0 : frameNumber / designFrame.fps - 0.0005);
  const timeline: { path: string; startFrame: number }[] = [];
  let cursor = 0;
  for (const entry of entries) {
    if (entry.startFrame > cursor) timeline.push({ path: emptyPath, startFrame: cursor });
    timeline.push({ path: entry.path, startFrame: entry.startFrame });
    cursor = entry.endFrame;
  }
  if (cursor < totalFrames) timeline.push({ path: emptyPath, startFrame: cursor });
  const lines = ['ffconcat version 1.0'];
  timeline.forEach((entry, index) => {
    const next = timeline[index + 1]?.startFrame ?? totalFrames;
    lines.push(
      `file '${entry.path.replaceAll("'", "'\\''")}'`,
      `duration ${(at(next) - at(entry.startFrame)).toFixed(6)}`,
    );
  });
  // The demuxer needs the last file twice for the last duration to count.
  lines.push(`file '${(timeline.at(-1)?.path ?? emptyPath).replaceAll("'", "'\\''")}'`);
  return `${lines.join('\n')}\n`;
}
