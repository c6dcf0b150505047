// Where a photo's subject is, found by a maintained tool: sharp's attention strategy (libvips'
// smartcrop: skin tones, saturated colour and edges) picks the crop it would keep and reports the
// point it centred on (`attentionX`/`attentionY`). The layout frames that point in the key area
// (layout.ts `coverPicture`), so the product, not a corner of the photo, is what fills the frame.
import sharp from 'sharp';

/** Attention is judged on a copy at most this large: the point moves by a pixel or two, the time by 10×. */
const analysedPx = 480;

/** The subject's point as shares of the image's width and height ({0.5, 0.5} when sharp reports none). */
export async function keyPointOf(bytes: Buffer, width: number, height: number): Promise<{ x: number; y: number }> {
  const scale = Math.min(1, analysedPx / Math.max(width, height));
  const scaled = { width: Math.max(2, Math.round(width * scale)), height: Math.max(2, Math.round(height * scale)) };
  // A crop of half the longer side, so that the strategy has a choice to make and a point to report.
  const landscape = width >= height;
  const target = landscape
    ? { width: Math.max(1, Math.round(scaled.width / 2)), height: scaled.height }
    : { width: scaled.width, height: Math.max(1, Math.round(scaled.height / 2)) };
  const { info } = await sharp(bytes)
    .resize(target.width, target.height, { fit: 'cover', position: sharp.strategy.attention })
    .toBuffer({ resolveWithObject: true });
  if (typeof info.attentionX !== 'number' || typeof info.attentionY !== 'number') return { x: 0.5, y: 0.5 };
  const clamp = (share: number) => Math.min(1, Math.max(0, share));
  return { x: clamp(info.attentionX / scaled.width), y: clamp(info.attentionY / scaled.height) };
}
