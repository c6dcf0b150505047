// Runs one ffmpeg command: reports progress from `-progress pipe:1`, kills ffmpeg when the
// caller aborts, and turns a failed run into an error that carries ffmpeg's own message.
import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg-binary.ts';

export interface FfmpegRunOptions {
  /** Length of the output, to turn ffmpeg's clock into a fraction. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Keeps the end of stderr, without the static build's harmless fontconfig chatter. */
function errorTail(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('Fontconfig'))
    .slice(-12)
    .join('\n');
}

/**
 * Reads ffmpeg's `-progress pipe:1` output as it streams: `onProgress` hears the fraction of
 * `durationSeconds` written so far, never less than before (frames leave the encoder in bursts),
 * and 1 at the end.
 */
export function ffmpegProgressReader(
  durationSeconds: number | undefined,
  onProgress: ((fraction: number) => void) | undefined,
): (chunk: string) => void {
  let pending = '';
  let reported = 0;
  const report = (fraction: number) => {
    if (fraction > reported) {
      reported = fraction;
      onProgress?.(fraction);
    }
  };
  return (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.trim().split('=');
      // Despite its name, out_time_ms is in microseconds.
      if (key === 'out_time_ms' && durationSeconds && Number(value) > 0) {
        report(Math.min(1, Number(value) / (durationSeconds * 1e6)));
      }
      if (key === 'progress' && value === 'end') report(1);
    }
  };
}

export function runFfmpeg(args: readonly string[], options: FfmpegRunOptions = {}): Promise<void> {
  const { durationSeconds, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-progress', 'pipe:1', '-nostats', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', ffmpegProgressReader(durationSeconds, onProgress));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-16_000);
    });
    child.on('error', (error) =>
      reject(error.name === 'AbortError' ? error : new Error(`ffmpeg could not start: ${error.message}`)),
    );
    child.on('close', (code, killedBy) => {
      if (code === 0) resolve();
      else if (!signal?.aborted)
        reject(new Error(`ffmpeg failed (${killedBy ?? `exit ${code}`}): ${errorTail(stderr)}`));
    });
  });
}
