// Runs ffmpeg for what it prints rather than what it writes (loudness, black, frozen and silent
// stretches): stderr at info level comes back to the caller; a failed run throws with its tail.
import { spawn } from 'node:child_process';
import { ffmpegPath } from '#generation/media/ffmpeg-binary.ts';
import { ffmpegProgressReader } from '#generation/media/run-ffmpeg.ts';

/** How far through its input a run is: the input's length, and who hears the fraction read so far. */
export interface ReportProgress {
  durationSeconds: number;
  onProgress: (fraction: number) => void;
}

export function ffmpegReport(
  args: readonly string[],
  signal?: AbortSignal,
  progress?: ReportProgress,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const watched = progress ? ['-progress', 'pipe:1'] : [];
    const child = spawn(
      ffmpegPath(),
      ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', ...watched, ...args],
      {
        stdio: ['ignore', progress ? 'pipe' : 'ignore', 'pipe'],
        signal,
        killSignal: 'SIGKILL',
      },
    );
    if (progress) {
      child.stdout?.setEncoding('utf8').on('data', ffmpegProgressReader(progress.durationSeconds, progress.onProgress));
    }
    const chunks: string[] = [];
    // stdio above pipes stderr, always.
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
    child.on('error', (error) =>
      reject(error.name === 'AbortError' ? error : new Error(`ffmpeg could not start: ${error.message}`)),
    );
    child.on('close', (code, killedBy) => {
      const stderr = chunks.join('');
      if (code === 0) resolve(stderr);
      else if (!signal?.aborted) {
        const tail = stderr
          .split('\n')
          .filter((line) => line.trim() && !line.startsWith('Fontconfig'))
          .slice(-10)
          .join('\n');
        reject(new Error(`ffmpeg failed (${killedBy ?? `exit ${code}`}): ${tail}`));
      }
    });
  });
}
