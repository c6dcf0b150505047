// What a PCM WAV file holds, read from its RIFF chunks: no ffprobe needed (the bundled one is not
// executable by Lambda's user, lib/generation/README.md).
import { readFile } from 'node:fs/promises';

export interface WavFacts {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  durationSeconds: number;
}

export function wavFacts(bytes: Uint8Array): WavFacts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('Not a WAV file');
  let format: Omit<WavFacts, 'durationSeconds'> | undefined;
  // Chunks follow the 12-byte RIFF header; each is a tag, a little-endian size and a body padded to even.
  for (let offset = 12; offset + 8 <= bytes.byteLength; ) {
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (tag(offset) === 'fmt ') {
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (tag(offset) === 'data') {
      if (!format) throw new Error('WAV data comes before its format');
      // A writer that could not seek back leaves the size unset; the bytes on disk then count.
      const dataBytes = Math.min(size, bytes.byteLength - body);
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, durationSeconds: dataBytes / bytesPerSecond };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

export async function readWavFacts(path: string): Promise<WavFacts> {
  return wavFacts(await readFile(path));
}
