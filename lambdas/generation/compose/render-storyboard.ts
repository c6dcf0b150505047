// Renders a storyboard into a designed, voiced ad (compose/README.md): the voice reads each scene's
// line, the layout places text, product and captions, satori and sharp draw the layers and plates,
// ffmpeg moves and composites them, and the gates check the layout before encoding and the file
// after. A render that fails a gate is made again with the safe look (boxed text, gentle moves,
// no dissolves); if that fails too, the error says why and the order takes the failure path.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { assertRenderedAd, probeMedia } from '#generation/media/probe-media.ts';
import { runFfmpeg } from '#generation/media/run-ffmpeg.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { voiceFor } from '#generation/voice/style-voices.ts';
import type { SpokenLine, SpokenWord, Voice } from '#generation/voice/voice.ts';
import { type CaptionTrack, captionTrack } from './captions.ts';
import { buildComposeCommand, captionList, type MarkLayer, type TextLayer } from './filter-graph.ts';
import { type ClipShot, withFootage } from './footage-shots.ts';
import { type Box, type FrameSize, frameGeometry } from './geometry.ts';
import { keyPointOf } from './key-area.ts';
import { drawCaptionState, drawEmptyBand, drawLogoChip, drawTextBlock } from './layers.tsx';
import {
  type AdLayout,
  type BrandMark,
  type CaptionBandLayout,
  drawsSitePage,
  type ImageFacts,
  layoutStoryboard,
  type SceneLayout,
  type ShotLayout,
} from './layout.ts';
import { checkLayout, type LayoutGate } from './layout-gate.ts';
import { analyseAd, checkMedia, type MediaFigures } from './media-gate.ts';
import { mixSoundtrack, type Soundtrack } from './mix.ts';
import { sourceOf } from './motion.ts';
import {
  composePlate,
  luminanceRange,
  type Plate,
  type PlateImage,
  platePng,
  type Sweep,
  sitePagePlate,
  sweepPng,
} from './plates.ts';
import { placeAndCut } from './voice-cuts.ts';
import { type PlacedLine, type PlacedVoice, readMaxSeconds } from './voice-track.ts';

export interface RenderOptions {
  /** A clean PNG (clean-image.ts output) per asset id; an asset without one is drawn as the brand background. */
  images: Readonly<Record<string, string>>;
  voice: Voice;
  /** AI footage: scene index → the clip's path (footage-shots.ts); absent, the ad is engine-only. */
  footage?: Readonly<Record<number, string>>;
  /** A private, writable folder; the video and poster are written into it. */
  workDir: string;
  /** The size rendered at: a delivery format (shared/ad-formats.ts), 720x1280 by default (the spec's deliverable); the layout is composed for its ratio. */
  frame?: FrameSize;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface GateFigures {
  layout: LayoutGate;
  media: MediaFigures;
  /** Music under speech, dB below the voice (≥ 20). */
  duckingDb: number;
}

export interface RenderedAd {
  videoPath: string;
  posterPath: string;
  durationSeconds: number;
  width: number;
  height: number;
  bytes: number;
  /** 'safe' when the designed layout failed a gate and the fallback passed. */
  attempt: 'designed' | 'safe';
  /** The storyboard as cut: its end card may start earlier than written, on the voice's beat (voice-cuts.ts). */
  storyboard: Storyboard;
  /** Every word of the voice-over as placed on the ad's clock: the pack's caption file (pack/caption-file.ts). */
  spokenWords: SpokenWord[];
  gates: GateFigures;
  /** Why the designed attempt was refused, when it was. */
  refused: string[];
  seconds: { voice: number; draw: number; encode: number; analyse: number; total: number };
}

/** The voice-over does not fit, or both layouts failed a gate: the order takes the failure path (with its refund). */
export class AdGateError extends Error {
  constructor(readonly problems: string[]) {
    super(`The ad failed its quality gates: ${problems.join('; ')}`);
    this.name = 'AdGateError';
  }
}

const posterAtSeconds = 0.9;

const imageBytes = (images: Map<string, LoadedImage>) => new Map([...images].map(([id, image]) => [id, image.bytes]));

interface LoadedImage extends PlateImage {
  facts: ImageFacts;
}

async function loadImages(
  paths: Readonly<Record<string, string>>,
  storyboard: Storyboard,
): Promise<Map<string, LoadedImage>> {
  const loaded = new Map<string, LoadedImage>();
  await Promise.all(
    storyboard.assets.map(async (asset) => {
      const path = paths[asset.id];
      if (!path) return;
      const bytes = await readFile(path);
      const image = sharp(bytes);
      const { width, height, hasAlpha } = await image.metadata();
      if (!width || !height) return;
      const opaque = !hasAlpha || (await image.stats()).channels[3]!.min === 255;
      // The subject of a photo, for the layout to frame (a logo or a cut-out is shown whole).
      const focus = opaque && asset.source !== 'logo' ? await keyPointOf(bytes, width, height) : undefined;
      loaded.set(asset.id, { bytes, opaque, facts: { width, height, opaque, ...(focus && { focus }) } });
    }),
  );
  return loaded;
}

/**
 * Reads every scene's line in one call: festival starts once per ad (voice/local-voice.ts). The
 * ads bench's voice-only grid reads them the same way.
 */
export async function speakScenes(
  storyboard: Storyboard,
  voice: Voice,
  workDir: string,
  onProgress?: (fraction: number) => void,
): Promise<(SpokenLine | null)[]> {
  const voiced = storyboard.scenes.flatMap((scene, index) => (scene.voiceLine.trim() ? [{ scene, index }] : []));
  const read = await voice.speakLines(
    voiced.map(({ scene }) => ({
      text: scene.voiceLine,
      maxSeconds: readMaxSeconds(scene.endSeconds - scene.startSeconds),
    })),
    voiceFor(storyboard.style, voice.engine),
    workDir,
    onProgress,
  );
  const spoken: (SpokenLine | null)[] = storyboard.scenes.map(() => null);
  for (const [position, { index }] of voiced.entries()) spoken[index] = read[position]!;
  return spoken;
}

/**
 * The voice placed on the ad's clock, and the storyboard as it is cut (voice-cuts.ts placeAndCut).
 * A voice that does not fit refuses the ad. The ads bench places the voice through this too.
 */
export function placeOnVoice(
  written: Storyboard,
  spoken: readonly (SpokenLine | null)[],
  locked?: (sceneIndex: number) => boolean,
): { storyboard: Storyboard; placed: PlacedVoice } {
  const placing = placeAndCut(written, spoken, styleDefinition(written.style).endCardBeatSeconds, locked);
  if ('problem' in placing) throw new AdGateError([placing.problem]);
  return placing;
}

export async function renderStoryboard(input: Storyboard, options: RenderOptions): Promise<RenderedAd> {
  const started = performance.now();
  const { workDir, signal } = options;
  // A frame the renderer cannot lay out is refused before any work starts.
  const frame = frameGeometry(options.frame);
  const footage = await withFootage(storyboardSchema.parse(input), options.footage ?? {}, workDir, signal);
  const { clips } = footage;
  // The bar never moves backwards, not even when the safe layout starts its encode over.
  let reported = 0;
  const report = (fraction: number) => {
    if (fraction <= reported) return;
    reported = Math.min(1, fraction);
    options.onProgress?.(reported);
  };

  // The bar's share of each part of the work: the voice (each line as it is read), the drawing
  // (each plate and layer as it is written), the encode (ffmpeg's clock), then the checks.
  // The voice reads while the images load; the layout waits for it, since the end card's cut
  // follows the voice (voice-cuts.ts).
  const speaking = speakScenes(footage.storyboard, options.voice, workDir, (fraction) =>
    report(share.voice * fraction),
  );
  speaking.catch(() => {});
  const images = await loadImages({ ...options.images, ...footage.stills }, footage.storyboard);
  // The site view's page needs neither the voice nor the layout: drawn while the voice is read.
  const { siteView, brand, palette } = footage.storyboard;
  const sitePage =
    siteView && drawsSitePage(footage.storyboard, frame)
      ? sitePagePlate({ view: siteView, brand, palette }, frame, imageBytes(images))
      : null;
  sitePage?.catch(() => {});
  const spoken = await speaking;
  const voiced = performance.now();
  report(share.voice);
  const { storyboard, placed } = placeOnVoice(footage.storyboard, spoken, (index) => !!options.footage?.[index]);
  const visuals = { images, sitePage, clips };
  const designed = prepareAttempt(storyboard, visuals, false, workDir, frame, report);
  const { music } = styleDefinition(storyboard.style);
  const soundtrack = mixSoundtrack(music, storyboard.durationSeconds, placed.lines, workDir, signal);
  // Nothing awaits the soundtrack until the first encode: keep a failure from going unhandled meanwhile.
  soundtrack.catch(() => {});

  const refused: string[] = [];
  for (const safe of [false, true]) {
    const prepared = safe ? prepareAttempt(storyboard, visuals, true, workDir, frame, report) : designed;
    const attempt = await finishAttempt(prepared, { storyboard, lines: placed.lines, soundtrack, options, report });
    if (attempt.passed) {
      return {
        ...attempt.ad,
        storyboard,
        spokenWords: placed.lines.flatMap((line) => line.words),
        attempt: safe ? 'safe' : 'designed',
        refused,
        seconds: {
          ...attempt.seconds,
          voice: round((voiced - started) / 1000),
          total: round((performance.now() - started) / 1000),
        },
      };
    }
    refused.push(...attempt.problems.map((problem) => `${safe ? 'safe' : 'designed'}: ${problem}`));
  }
  throw new AdGateError(refused);
}

const round = (value: number) => Number(value.toFixed(2));

/**
 * Where each part of a render ends on its 0–1 progress (the order's bar maps it, order-progress.ts):
 * the voice, the plates and layers drawn, the soundtrack mixed, the encode, the poster, the probe,
 * then the media checks' decode of the ad.
 */
const share = { voice: 0.1, drawing: 0.18, soundtrack: 0.2, encode: 0.9, poster: 0.93, probe: 0.96 } as const;
const noCaptions: CaptionTrack = { groups: [], states: [], problems: [] };

interface Shot {
  scene: SceneLayout;
  shot: ShotLayout;
  /** Played from an AI footage clip instead of its plate (footage-shots.ts). */
  clip: ClipShot | null;
}

/** A layout and, unless its geometry is refused, its plates and text layers being drawn. */
interface PreparedAttempt {
  name: 'designed' | 'safe';
  layout: AdLayout;
  shots: Shot[];
  refused: string[];
  drawing: Promise<{
    plates: { plate: Plate; path: string }[];
    layers: TextLayer[];
    marks: MarkLayer[];
    seconds: number;
  }> | null;
  dir: (file: string) => string;
}

/** What every attempt draws from: the loaded images, the site view's page (when shown), the footage clips. */
interface VisualSources {
  images: Map<string, LoadedImage>;
  sitePage: Promise<Plate> | null;
  clips: readonly (ClipShot | null)[];
}

function prepareAttempt(
  storyboard: Storyboard,
  { images, sitePage, clips }: VisualSources,
  safe: boolean,
  workDir: string,
  frame: FrameSize,
  report: (fraction: number) => void,
): PreparedAttempt {
  const name = safe ? 'safe' : 'designed';
  const dir = (file: string) => join(workDir, `${name}-${file}`);
  const facts = new Map([...images].map(([id, image]) => [id, image.facts]));
  const layout = layoutStoryboard(storyboard, facts, { safe, frame });
  let shotIndex = 0;
  const shots = layout.scenes.flatMap((scene) =>
    scene.shots.map((shot) => ({ scene, shot, clip: clips[shotIndex++] ?? null })),
  );
  // Geometry, sizes and box or stroke contrast first: a refused layout is never drawn.
  const planned = checkLayout(layout, noCaptions, () => null);
  if (!planned.passed) return { name, layout, shots, refused: planned.problems, drawing: null, dir };
  const drawing = drawVisuals(layout, shots, images, sitePage, dir, (fraction) =>
    report(share.voice + (share.drawing - share.voice) * fraction),
  );
  drawing.catch(() => {});
  return { name, layout, shots, refused: [], drawing, dir };
}

async function drawVisuals(
  layout: AdLayout,
  shots: Shot[],
  images: Map<string, LoadedImage>,
  sitePage: Promise<Plate> | null,
  dir: (file: string) => string,
  onProgress: (fraction: number) => void,
): Promise<{ plates: { plate: Plate; path: string }[]; layers: TextLayer[]; marks: MarkLayer[]; seconds: number }> {
  const started = performance.now();
  // Each file written counts; the caption images (drawn beside these) close the drawing's share.
  let parts = 0;
  let written = 0;
  const counted = async <T>(part: Promise<T>): Promise<T> => {
    parts += 1;
    const value = await part;
    written += 1;
    onProgress(written / (parts + 1));
    return value;
  };
  // Shots that show the same picture the same way share one plate.
  const made = new Map<string, Promise<{ plate: Plate; path: string }>>();
  const siteImages = imageBytes(images);
  const plates = shots.map(({ shot }, index) => {
    // Every site shot scrolls the same page.
    const key = shot.site
      ? 'site'
      : JSON.stringify([
          shot.asset,
          shot.design,
          shot.backdrop,
          shot.split,
          shot.product?.box,
          shot.scrims,
          shot.variant % 2,
        ]);
    let plate = made.get(key);
    if (!plate) {
      const path = dir(`plate-${index}.png`);
      const image = shot.asset ? images.get(shot.asset) : undefined;
      plate = counted(
        (shot.site && sitePage ? sitePage : composePlate(layout, shot, image, siteImages)).then(async (composed) => {
          await writeFile(path, await platePng(composed));
          return { plate: composed, path };
        }),
      );
      made.set(key, plate);
    }
    return plate;
  });
  const layers = layout.scenes.flatMap((scene) =>
    scene.texts.map((block, index): Promise<TextLayer> => {
      const path = dir(`text-${scene.index}-${index}.png`);
      return counted(
        drawTextBlock(block, layout.frame.scale).then(async (png) => {
          await writeFile(path, png);
          return { path, block, sceneIndex: scene.index, startFrame: scene.startFrame, endFrame: scene.endFrame };
        }),
      );
    }),
  );
  const marks = brandMarkSpans(layout).map(async (span, index): Promise<MarkLayer> => {
    const path = dir(`brand-${index}.png`);
    const { mark } = span;
    const logo = mark.kind === 'logo' && mark.asset ? images.get(mark.asset) : undefined;
    const png = logo
      ? await drawLogoChip(logo.bytes, mark.box, layout.frame.scale)
      : await drawTextBlock(mark.wordmark!, layout.frame.scale);
    await writeFile(path, png);
    return { path, box: mark.box, startFrame: span.startFrame, endFrame: span.endFrame };
  });
  const [drawnPlates, drawnLayers, drawnMarks] = await Promise.all([
    Promise.all(plates),
    Promise.all(layers),
    Promise.all(marks),
  ]);
  return {
    plates: drawnPlates,
    layers: drawnLayers,
    marks: drawnMarks,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The brand mark as few layers as possible: one per run of neighbouring scenes that draw it in the same place. */
function brandMarkSpans(layout: AdLayout): { mark: BrandMark; startFrame: number; endFrame: number }[] {
  const spans: { mark: BrandMark; startFrame: number; endFrame: number }[] = [];
  for (const scene of layout.scenes) {
    const mark = scene.brandMark;
    if (!mark) continue;
    const last = spans.at(-1);
    if (last && last.endFrame === scene.startFrame && JSON.stringify(last.mark) === JSON.stringify(mark)) {
      last.endFrame = scene.endFrame;
    } else {
      spans.push({ mark, startFrame: scene.startFrame, endFrame: scene.endFrame });
    }
  }
  return spans;
}

interface FinishInput {
  storyboard: Storyboard;
  lines: PlacedLine[];
  soundtrack: Promise<Soundtrack>;
  options: RenderOptions;
  report: (fraction: number) => void;
}

type AttemptResult =
  | {
      passed: true;
      ad: Omit<RenderedAd, 'attempt' | 'refused' | 'seconds' | 'storyboard' | 'spokenWords'>;
      seconds: { draw: number; encode: number; analyse: number };
    }
  | { passed: false; problems: string[] };

async function finishAttempt(prepared: PreparedAttempt, input: FinishInput): Promise<AttemptResult> {
  const { storyboard, options, report } = input;
  const { signal } = options;
  const { layout, shots, dir } = prepared;
  const { frame } = layout;
  if (!prepared.drawing) return { passed: false, problems: prepared.refused };
  const endCard = layout.scenes.find((scene) => scene.endCard);
  const captionEnd = endCard ? endCard.startFrame / frame.fps : storyboard.durationSeconds;
  const bands = new Map<number, CaptionBandLayout>();
  for (const scene of layout.scenes) if (scene.captions) bands.set(scene.index, scene.captions);
  const captions = captionTrack(input.lines, bands, captionEnd);
  const planned = checkLayout(layout, captions, () => null);
  if (!planned.passed) return { passed: false, problems: planned.problems };

  const captionsStarted = performance.now();
  const band = [...bands.values()][0];
  const [visuals, captionStream] = await Promise.all([
    prepared.drawing,
    band ? drawCaptions(layout, band, captions, dir) : Promise.resolve(null),
  ]);
  const drawSeconds = visuals.seconds + (performance.now() - captionsStarted) / 1000;
  report(share.drawing);
  const measured = checkLayout(layout, captions, (sceneIndex, box) => behind(sceneIndex, box, shots, visuals.plates));
  if (!measured.passed) return { passed: false, problems: measured.problems };
  const drawn = performance.now();

  // Mixed beside the drawing; the encode needs both.
  const soundtrack = await input.soundtrack;
  report(share.soundtrack);
  const videoPath = join(options.workDir, 'ad.mp4');
  const posterPath = join(options.workDir, 'poster.jpg');
  const sweeps = new Map<Sweep, string>();
  for (const [index, { plate }] of visuals.plates.entries()) {
    if (!sweepOf(shots[index]!, plate) || sweeps.has(plate.sweep)) continue;
    const path = dir(`sweep-${plate.sweep}.png`);
    await writeFile(path, await sweepPng(plate.sweep, frame));
    sweeps.set(plate.sweep, path);
  }
  const args = buildComposeCommand({
    layout,
    platePaths: visuals.plates.map((plate) => plate.path),
    clips: shots.map((shot) => shot.clip),
    sweepPaths: visuals.plates.map(({ plate }, index) => {
      const sweep = sweepOf(shots[index]!, plate);
      return sweep ? sweeps.get(sweep)! : null;
    }),
    textLayers: visuals.layers,
    markLayers: visuals.marks,
    captions: captionStream && band ? { listPath: captionStream, band: band.band } : null,
    soundtrackPath: soundtrack.path,
    outPath: videoPath,
    poster: { path: posterPath, frame: Math.round(posterAtSeconds * frame.fps) },
  });
  // Kept beside the ad: the exact command that made it, for anyone debugging a render.
  await writeFile(dir('ffmpeg-args.json'), JSON.stringify(args, null, 1));
  await runFfmpeg(args, {
    durationSeconds: storyboard.durationSeconds,
    onProgress: (fraction) => report(share.soundtrack + (share.encode - share.soundtrack) * fraction),
    ...(signal && { signal }),
  });
  const encoded = performance.now();
  report(share.poster);

  const [probed, { size }] = await Promise.all([probeMedia(videoPath), stat(videoPath)]);
  assertRenderedAd(probed, { width: frame.width, height: frame.height, durationSeconds: storyboard.durationSeconds });
  report(share.probe);
  const holds = endCard ? [{ start: endCard.startFrame / frame.fps, end: storyboard.durationSeconds }] : [];
  const media = await analyseAd(
    videoPath,
    soundtrack.voicePath,
    storyboard.durationSeconds,
    holds,
    frame.fps,
    signal,
    (fraction) => report(share.probe + (1 - share.probe) * fraction),
  );
  const problems = checkMedia(media, storyboard.durationSeconds);
  report(1);
  if (problems.length > 0) return { passed: false, problems };
  return {
    passed: true,
    ad: {
      videoPath,
      posterPath,
      durationSeconds: probed.durationSeconds,
      width: frame.width,
      height: frame.height,
      bytes: size,
      gates: { layout: measured, media, duckingDb: soundtrack.duckingDb },
    },
    seconds: {
      draw: round(drawSeconds),
      encode: round((encoded - drawn) / 1000),
      analyse: round((performance.now() - encoded) / 1000),
    },
  };
}

/** The sweep of light over a shot: every shot's but the end card's (the designed hold) and footage's. */
function sweepOf({ scene, clip }: Pick<Shot, 'scene' | 'clip'>, plate: Plate): Sweep | null {
  return scene.endCard || clip ? null : plate.sweep;
}

/** The darkest and brightest plate pixels a frame box shows during a scene, across its shots and moves. */
function behind(
  sceneIndex: number,
  box: Box,
  shots: Shot[],
  plates: { plate: Plate }[],
): { darkest: number; brightest: number } {
  let darkest = 1;
  let brightest = 0;
  shots.forEach(({ scene, shot, clip }, index) => {
    if (scene.index !== sceneIndex) return;
    const plate = plates[index]!.plate;
    const range = luminanceRange(plate, sourceOf(shot.move, box, shot.frames), sweepOf({ scene, clip }, plate));
    darkest = Math.min(darkest, range.darkest);
    brightest = Math.max(brightest, range.brightest);
  });
  return { darkest, brightest };
}

/** Every caption state as a PNG and the concat list that shows each from its first frame to its last. */
async function drawCaptions(
  layout: AdLayout,
  band: CaptionBandLayout,
  captions: CaptionTrack,
  dir: (file: string) => string,
): Promise<string | null> {
  if (captions.states.length === 0) return null;
  const emptyPath = dir('caption-empty.png');
  const bandOf = (sceneIndex: number) => layout.scenes[sceneIndex]?.captions ?? band;
  const [entries] = await Promise.all([
    Promise.all(
      captions.states.map(async (state, index) => {
        const group = captions.groups[state.group]!;
        const path = dir(`caption-${index}.png`);
        await writeFile(path, await drawCaptionState(bandOf(group.sceneIndex), group, state));
        return { path, startFrame: state.startFrame, endFrame: state.endFrame };
      }),
    ),
    drawEmptyBand(band.band).then((png) => writeFile(emptyPath, png)),
  ]);
  const listPath = dir('captions.ffconcat');
  await writeFile(listPath, captionList(entries, emptyPath, layout.totalFrames));
  return listPath;
}
