// The one decoder of untrusted image bytes (the buyer's upload, an image fetched from any
// website): libvips through sharp, with a pixel limit, a time limit and strict error handling,
// re-encoded as a bounded PNG. ffmpeg (a 2018 build) then only ever decodes our own PNGs.
import { writeFile } from 'node:fs/promises';
import sharp, { type OutputInfo } from 'sharp';
import { sniffImageType } from '#common/image-type.ts';

export interface CleanImageLimits {
  /** Refused from the header alone: a small file may declare 30,000 × 30,000 pixels. */
  maxInputPixels: number;
  /** libvips stops the decode after this many seconds (whole seconds). */
  timeoutSeconds: number;
  /** The clean image fits inside this box; the renderer covers 1080x1920 with it. */
  maxWidth: number;
  maxHeight: number;
}

/** 40 MP is above a phone's full-size photo (12–24 MP by default); as RGBA at most 160 MB of the 3 GB. */
export const cleanImageLimits: CleanImageLimits = {
  maxInputPixels: 40_000_000,
  timeoutSeconds: 10,
  maxWidth: 1440,
  maxHeight: 2560,
};

export type CleanImage = { path: string; width: number; height: number } | { failure: string };

// The three types the product takes (jpg, png, webp); every other libvips loader (SVG, TIFF, GIF,
// HEIF, …) is blocked, so bytes that only claim to be an image never reach librsvg or libtiff.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer', 'VipsForeignLoadWebpBuffer'] });

/** Decodes `bytes` once and writes a clean PNG to `outPath`, or says why the image cannot be used. */
export async function cleanImage(
  bytes: Uint8Array,
  outPath: string,
  limits: CleanImageLimits = cleanImageLimits,
): Promise<CleanImage> {
  // Checked before sharp sees the bytes, so no loader outside the three ever runs on them, even
  // while the renderer's own SVG drawing has librsvg unblocked (compose/rasterize.ts).
  if (!sniffImageType(bytes)) return { failure: 'not a JPEG, PNG or WebP image' };
  let clean: { data: Buffer; info: OutputInfo };
  try {
    clean = await sharp(bytes, {
      limitInputPixels: limits.maxInputPixels,
      // 'error' also refuses truncated files; 'warning' would drop photos with harmless quirks.
      failOn: 'error',
      autoOrient: true,
    })
      .timeout({ seconds: limits.timeoutSeconds })
      .resize({ width: limits.maxWidth, height: limits.maxHeight, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    return { failure: (error as Error).message.split('\n')[0] ?? 'unreadable image' };
  }
  await writeFile(outPath, clean.data);
  return { path: outPath, width: clean.info.width, height: clean.info.height };
}
