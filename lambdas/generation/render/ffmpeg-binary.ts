// Where the ffmpeg and ffprobe executables are. The installer packages pick the binary of the
// running platform (linux-x64 here, linux-arm64 in Lambda), so every machine renders alike;
// FFMPEG_PATH / FFPROBE_PATH let an operator point at another build.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}
