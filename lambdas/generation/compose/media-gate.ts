// The gate on the encoded file (compose/README.md), one decode of the MP4 and the voice stem: no black,
// blank or frozen stretch over 0.5 s outside a designed hold (the end card), integrated loudness
// −14 ±1 LUFS, true peak ≤ −1 dBTP, and speech present for a fair share of the ad.
import { ffmpegReport } from './ffmpeg-report.ts';
import { loudnessTarget, parseEbur128 } from './loudness.ts';

export const maxStretchSeconds = 0.5;
/** Seconds of speech at least this share of the ad (a 12 s ad carries ~25 spoken words). */
export const minSpeechShare = 0.3;
/** A frame whose luma spans less than this (of 255) shows nothing: a flat or nearly flat field. */
const blankLumaSpan = 24;

export interface MediaFigures {
  integratedLufs: number;
  truePeakDbtp: number;
  speechSeconds: number;
  /** Seconds in stretches longer than 0.5 s (outside designed holds, for frozen). */
  blackSeconds: number;
  blankSeconds: number;
  frozenSeconds: number;
}

export interface Interval {
  start: number;
  end: number;
}

const overlap = (a: Interval, b: Interval) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** The figures in the log of one analysis run (see analyseAd), the designed holds excepted from frozen. */
export function parseAnalysis(
  stderr: string,
  durationSeconds: number,
  holds: readonly Interval[],
  fps: number,
): MediaFigures {
  const black = [...stderr.matchAll(/black_start:\s*([\d.]+)\s+black_end:\s*([\d.]+)/g)].map((m) => ({
    start: Number(m[1]),
    end: Number(m[2]),
  }));

  const freezeStarts = [...stderr.matchAll(/freeze_start:\s*([\d.]+)/g)].map((m) => Number(m[1]));
  const freezeEnds = [...stderr.matchAll(/freeze_end:\s*([\d.]+)/g)].map((m) => Number(m[1]));
  const frozen = freezeStarts.map((start, index) => ({ start, end: freezeEnds[index] ?? durationSeconds }));
  const frozenSeconds = frozen.reduce((sum, stretch) => {
    const held = holds.reduce((total, hold) => total + overlap(stretch, hold), 0);
    const outside = stretch.end - stretch.start - held;
    return sum + (outside > maxStretchSeconds ? outside : 0);
  }, 0);

  // Per frame: lavfi.signalstats.YMIN / YMAX printed by two metadata filters.
  const blankFrames: boolean[] = [];
  let minimum = 0;
  for (const match of stderr.matchAll(/lavfi\.signalstats\.(YMIN|YMAX)=(\d+)/g)) {
    if (match[1] === 'YMIN') minimum = Number(match[2]);
    else blankFrames.push(Number(match[2]) - minimum < blankLumaSpan);
  }
  let blankSeconds = 0;
  let run = 0;
  for (const blank of [...blankFrames, false]) {
    if (blank) run += 1;
    else {
      if (run / fps > maxStretchSeconds) blankSeconds += run / fps;
      run = 0;
    }
  }

  const silenceStarts = [...stderr.matchAll(/silence_start:\s*(-?[\d.]+)/g)].map((m) => Math.max(0, Number(m[1])));
  const silenceEnds = [...stderr.matchAll(/silence_end:\s*([\d.]+)/g)].map((m) => Number(m[1]));
  const silent = silenceStarts.reduce(
    (sum, start, index) => sum + (Math.min(silenceEnds[index] ?? durationSeconds, durationSeconds) - start),
    0,
  );

  const loudness = parseEbur128(stderr);
  return {
    integratedLufs: loudness?.integratedLufs ?? Number.NEGATIVE_INFINITY,
    truePeakDbtp: loudness?.truePeakDbtp ?? Number.NaN,
    speechSeconds: Number(Math.max(0, durationSeconds - silent).toFixed(2)),
    blackSeconds: Number(black.reduce((sum, stretch) => sum + (stretch.end - stretch.start), 0).toFixed(2)),
    blankSeconds: Number(blankSeconds.toFixed(2)),
    frozenSeconds: Number(frozenSeconds.toFixed(2)),
  };
}

export function checkMedia(figures: MediaFigures, durationSeconds: number): string[] {
  const problems: string[] = [];
  const { integratedLufs, truePeakDbtp } = figures;
  if (!(Math.abs(integratedLufs - loudnessTarget.integratedLufs) <= loudnessTarget.toleranceLu)) {
    problems.push(
      `integrated loudness is ${integratedLufs} LUFS, not ${loudnessTarget.integratedLufs} ±${loudnessTarget.toleranceLu}`,
    );
  }
  if (!(truePeakDbtp <= loudnessTarget.maxTruePeakDbtp)) {
    problems.push(`true peak is ${truePeakDbtp} dBTP, over ${loudnessTarget.maxTruePeakDbtp} dBTP`);
  }
  if (figures.speechSeconds < minSpeechShare * durationSeconds) {
    problems.push(`${figures.speechSeconds} s of speech, under ${minSpeechShare * 100} % of ${durationSeconds} s`);
  }
  if (figures.blackSeconds > 0) problems.push(`${figures.blackSeconds} s of black frames`);
  if (figures.blankSeconds > 0) problems.push(`${figures.blankSeconds} s of blank frames`);
  if (figures.frozenSeconds > 0) problems.push(`${figures.frozenSeconds} s of frozen frames outside the end card`);
  return problems;
}

/** Decodes the ad (scaled down: stretches, not details, are wanted) and the voice stem once. */
export async function analyseAd(
  videoPath: string,
  voicePath: string,
  durationSeconds: number,
  holds: readonly Interval[],
  fps: number,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<MediaFigures> {
  const graph = [
    `[0:v]scale=180:320:flags=area,blackdetect=d=${maxStretchSeconds}:pix_th=0.10,freezedetect=n=-60dB:d=${maxStretchSeconds},signalstats,` +
      'metadata=mode=print:key=lavfi.signalstats.YMIN,metadata=mode=print:key=lavfi.signalstats.YMAX[video]',
    '[0:a]ebur128=peak=true,anullsink',
    '[1:a]silencedetect=n=-40dB:d=0.2,anullsink',
  ].join(';');
  const stderr = await ffmpegReport(
    ['-i', videoPath, '-i', voicePath, '-filter_complex', graph, '-map', '[video]', '-f', 'null', '-'],
    signal,
    onProgress && { durationSeconds, onProgress },
  );
  return parseAnalysis(stderr, durationSeconds, holds, fps);
}
