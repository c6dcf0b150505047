// Measures what ffmpeg's EBU R128 scanner prints (integrated loudness, true peak) and sets the mix
// to −14 LUFS with its true peak at most −1 dBTP (the platforms' loudness target): measure, apply the gain
// with a limiter under the ceiling, measure again and correct once if the limiter moved it.
import { ffmpegReport } from './ffmpeg-report.ts';

export const loudnessTarget = { integratedLufs: -14, toleranceLu: 1, maxTruePeakDbtp: -1 } as const;
/** The limiter's ceiling in sample peak: AAC and inter-sample peaks add up to ~0.5 dB on top. */
const limiterCeilingDb = -2.2;
/** A second pass corrects the gain when the first lands further than this from the target. */
const correctWithinLu = 0.3;

export interface Loudness {
  integratedLufs: number;
  truePeakDbtp: number;
}

/** The summary ebur128 prints at the end of a run, or null when there is none (no audio). */
export function parseEbur128(stderr: string): Loudness | null {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary);
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary);
  if (!integrated || stderr.lastIndexOf('Summary:') < 0) return null;
  const value = (text: string) => (text === '-inf' ? Number.NEGATIVE_INFINITY : Number(text));
  return {
    integratedLufs: value(integrated[1]!),
    truePeakDbtp: peak ? value(peak[1]!) : Number.NaN,
  };
}

export async function measureLoudness(path: string, signal?: AbortSignal): Promise<Loudness> {
  const stderr = await ffmpegReport(['-i', path, '-map', '0:a', '-af', 'ebur128=peak=true', '-f', 'null', '-'], signal);
  const loudness = parseEbur128(stderr);
  if (!loudness) throw new Error(`No loudness measured in ${path}`);
  return loudness;
}

/** Writes `outPath`: `mixPath` at the target loudness under the peak ceiling. Returns what it measured. */
export async function normaliseLoudness(mixPath: string, outPath: string, signal?: AbortSignal): Promise<Loudness> {
  const before = await measureLoudness(mixPath, signal);
  if (!Number.isFinite(before.integratedLufs)) throw new Error('The mix is silent');
  let gainDb = loudnessTarget.integratedLufs - before.integratedLufs;
  let after = await applyGain(mixPath, outPath, gainDb, signal);
  if (Math.abs(after.integratedLufs - loudnessTarget.integratedLufs) > correctWithinLu) {
    gainDb += loudnessTarget.integratedLufs - after.integratedLufs;
    after = await applyGain(mixPath, outPath, gainDb, signal);
  }
  return after;
}

async function applyGain(mixPath: string, outPath: string, gainDb: number, signal?: AbortSignal): Promise<Loudness> {
  const limit = (10 ** (limiterCeilingDb / 20)).toFixed(4);
  const stderr = await ffmpegReport(
    [
      '-y',
      '-i',
      mixPath,
      '-filter_complex',
      `[0:a]volume=${gainDb.toFixed(2)}dB,alimiter=limit=${limit}:attack=3:release=40:level=0,asplit=2[out][scan];[scan]ebur128=peak=true,anullsink`,
      '-map',
      '[out]',
      '-c:a',
      'pcm_f32le',
      outPath,
    ],
    signal,
  );
  const loudness = parseEbur128(stderr);
  if (!loudness) throw new Error('No loudness measured after the gain');
  return loudness;
}
