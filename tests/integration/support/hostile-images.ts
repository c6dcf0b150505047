// Images that must never reach a decoder unguarded, made at test time: PNGs whose header
// declares more pixels than their bytes suggest, and broken copies of real files.
import { crc32, createDeflate } from 'node:zlib';

const pngSignature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export interface BlankPng {
  width: number;
  height: number;
  /** 1 (the smallest file) up to 16 bits per channel. */
  bitDepth: 1 | 8 | 16;
  /** PNG colour type: 0 greyscale, 6 RGBA. */
  colourType: 0 | 6;
}

/**
 * A valid, all-black PNG of any declared size. Its rows are zeros, which zlib packs hundreds to
 * one: 30,000 × 30,000 one-bit pixels (900 MP) fit in half a megabyte.
 */
export async function blankPng({ width, height, bitDepth, colourType }: BlankPng): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  const channels = colourType === 6 ? 4 : 1;
  // Each row: filter byte 0, then the packed samples.
  const row = Buffer.alloc(1 + Math.ceil((width * channels * bitDepth) / 8));
  const deflate = createDeflate({ level: 1 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y += 1) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    pngSignature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** The first `fraction` of a file, as an interrupted upload or download leaves it. */
export function truncated(file: Uint8Array, fraction = 0.6): Uint8Array {
  return file.subarray(0, Math.floor(file.length * fraction));
}
