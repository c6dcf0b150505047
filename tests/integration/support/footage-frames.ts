// Reads what a rendered ad shows where the local footage clips carry their mark (local/footage/
// local-clip.ts): the mean colour of one row inside the clip's magenta band, at a moment of the ad.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '#generation/media/ffmpeg-binary.ts';
import { localClipMark } from '#local/footage/local-clip.ts';

/** The mean RGB of the band's middle row in the frame at `seconds`. */
export async function bandColourAt(file: string, seconds: number): Promise<[number, number, number]> {
  const row = localClipMark.band.y + Math.floor(localClipMark.band.height / 2);
  const { stdout } = await promisify(execFile)(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-ss',
      seconds.toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `format=rgb24,crop=720:1:0:${row}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  );
  const sums = [0, 0, 0];
  for (let index = 0; index < stdout.length; index += 1) sums[index % 3]! += stdout[index]!;
  const pixels = stdout.length / 3;
  return sums.map((sum) => Math.round(sum / pixels)) as [number, number, number];
}

/** Near the band's magenta (255, 0, 255) after an H.264 round trip. */
export const isMagenta = ([red, green, blue]: [number, number, number]) => red > 190 && blue > 190 && green < 80;
