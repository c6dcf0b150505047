// Renders an ad into workDir: the MP4, then a poster frame, then a check of both with ffprobe,
// so a broken render fails here and is never delivered.
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { buildRenderCommand } from './filter-graph.ts';
import { renderFonts } from './fonts.ts';
import { assertRenderedAd, probeMedia } from './probe-media.ts';
import { parseRenderSpec, type RenderSpec } from './render-spec.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

export interface RenderOptions {
  /** A private, writable folder; the video and poster are written into it. */
  workDir: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface RenderedAd {
  videoPath: string;
  posterPath: string;
  durationSeconds: number;
  width: number;
  height: number;
  bytes: number;
}

/** The poster is the frame at 1 s: the hook caption is fully in by then. */
const posterAtSeconds = 1;

export async function renderAd(input: RenderSpec, options: RenderOptions): Promise<RenderedAd> {
  const spec = parseRenderSpec(input);
  const { workDir, onProgress, signal } = options;
  await mkdir(workDir, { recursive: true });
  const videoPath = join(workDir, 'ad.mp4');
  const posterPath = join(workDir, 'poster.jpg');
  const fonts = renderFonts();

  const { args } = buildRenderCommand(spec, { fontBold: fonts.bold, fontRegular: fonts.regular, out: videoPath });
  await runFfmpeg(args, { durationSeconds: spec.durationSeconds, onProgress, signal });
  await runFfmpeg(
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      String(posterAtSeconds),
      '-i',
      videoPath,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      posterPath,
    ],
    { signal },
  );

  const [video, poster, { size }] = await Promise.all([probeMedia(videoPath), probeMedia(posterPath), stat(videoPath)]);
  assertRenderedAd(video, spec);
  if (poster.video?.codec !== 'mjpeg' || poster.video.width !== spec.width || poster.video.height !== spec.height) {
    throw new Error(`Poster is not a ${spec.width}x${spec.height} JPEG: ${JSON.stringify(poster.video)}`);
  }
  return {
    videoPath,
    posterPath,
    durationSeconds: video.durationSeconds,
    width: spec.width,
    height: spec.height,
    bytes: size,
  };
}
