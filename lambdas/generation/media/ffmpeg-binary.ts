// Where the ffmpeg and ffprobe executables are. Locally the installer packages pick the binary of
// the running platform; in Lambda the render function carries the linux-x64 builds beside its
// bundle and sets FFMPEG_PATH / FFPROBE_PATH (lib/generation/render-function.ts), which also let
// an operator point at another build.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}
