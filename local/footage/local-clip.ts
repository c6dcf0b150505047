// The clip a local contract server returns: made here with ffmpeg, 720x1280 at 30 fps, exactly the
// seconds asked, a slow push-in over the request's first frame (or over a colour field when the
// request has none) with its hue drifting, so it moves like footage. It is marked as local twice:
// in its metadata (`comment=reelfive-local-footage provider=<name>`) and on the picture, a magenta
// band at the bottom (below every caption and text zone), which the end-to-end tests look for in
// the finished ad.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '#generation/media/run-ffmpeg.ts';

export const localClipMark = { comment: 'reelfive-local-footage', band: { y: 1200, height: 80, rgb: [255, 0, 255] } };

export interface LocalClipRequest {
  provider: string;
  seconds: number;
  /** The first frame's bytes (JPEG, PNG or WebP), when the request carried one. */
  image?: Buffer;
}

export async function makeLocalClip(request: LocalClipRequest): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'local-footage-'));
  try {
    const frames = Math.round(request.seconds * 30);
    let input: string[];
    if (request.image) {
      const path = join(dir, 'first-frame');
      await writeFile(path, request.image);
      input = ['-i', path];
    } else {
      // Text-to-video: a teal field for the hue to move through.
      input = ['-f', 'lavfi', '-i', 'color=c=0x1f8a8a:s=864x1536:r=30:d=0.04'];
    }
    const { band } = localClipMark;
    const out = join(dir, 'clip.mp4');
    await runFfmpeg([
      '-y',
      ...input,
      '-vf',
      [
        'scale=864:1536:force_original_aspect_ratio=increase',
        'crop=864:1536',
        // One input picture, zoomed over every frame of the clip (as the engine moves its plates).
        `zoompan=z='1+0.18*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=720x1280:fps=30`,
        `hue=h='40*sin(2*PI*t/${request.seconds})':s=1.2`,
        `drawbox=x=0:y=${band.y}:w=720:h=${band.height}:color=0xff00ff@1:t=fill`,
        'format=yuv420p',
      ].join(','),
      '-frames:v',
      String(frames),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '28',
      '-metadata',
      `comment=${localClipMark.comment} provider=${request.provider}`,
      '-movflags',
      '+faststart',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
