// The still under each shot's camera: the designed (or blurred-photo) background with the product
// laid on it whole, as a card with rounded corners and a soft shadow when the photo is opaque, at
// plateScale × the frame. Also reads back the plate's pixels behind text, for the contrast gate.
import sharp, { type OverlayOptions } from 'sharp';
import { linearChannel, luminanceOfLinear, mix, rgbOf } from './color.ts';
import type { Box, FrameGeometry } from './geometry.ts';
import { drawPlateDesign, plateSizeOf } from './layers.tsx';
import type { AdLayout, ShotLayout } from './layout.ts';
import { drawSitePage } from './site-page.tsx';

export interface Plate {
  /** RGB pixels, `size` (plateSizeOf the frame). */
  rgb: Buffer;
  size: { width: number; height: number };
  /** Plate px per frame px (FrameGeometry.plateScale). */
  scale: number;
  /** The light that sweeps across the shot (see `sweepPng`): a sheen on darker plates, a shade on bright ones. */
  sweep: Sweep;
}

/**
 * Every shot carries a slow sweep of light across it (filter-graph.ts), whatever the picture: a flat
 * upload (a 1x1 PNG, a logo on white) moved by the camera alone shows no change a viewer — or the
 * freeze gate — can see. A soft slanted band, at most `sweepAlpha` of white (or of black on bright
 * plates, where white would not show), crosses the frame once per shot. Not on the end card: it
 * is the designed hold (excused by the freeze gate), its title read on the plate as drawn.
 */
export type Sweep = 'light' | 'shade';
export const sweepAlpha = 0.1;
/** The band image, frame px: a soft band (300 px at 720 wide) slanted by 0.2 across the frame's height. */
export const sweepSizeOf = (frame: FrameGeometry) => ({ width: Math.round(560 * frame.scale), height: frame.height });
const sweepBand = 300;
const sweepSlant = 0.2;
const sweepRgb: Record<Sweep, number> = { light: 255, shade: 0 };

/** The band as an RGBA PNG (uncompressed: decoded once a frame). */
export function sweepPng(sweep: Sweep, frame: FrameGeometry): Promise<Buffer> {
  const { width, height } = sweepSizeOf(frame);
  const band = sweepBand * frame.scale;
  const rgba = Buffer.alloc(width * height * 4, sweepRgb[sweep]);
  for (let y = 0; y < height; y++) {
    const centre = width / 2 + sweepSlant * (y - height / 2);
    for (let x = 0; x < width; x++) {
      const offset = (x + 0.5 - centre) / band;
      const alpha = Math.abs(offset) < 0.5 ? Math.cos(Math.PI * offset) ** 2 : 0;
      rgba[(y * width + x) * 4 + 3] = Math.round(alpha * sweepAlpha * 255);
    }
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Light on plates of a mean grey up to 170 (where a white sheen shows), shade above. */
function sweepFor(rgb: Buffer): Sweep {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < rgb.length; i += channels * 97) {
    sum += 0.2126 * rgb[i]! + 0.7152 * rgb[i + 1]! + 0.0722 * rgb[i + 2]!;
    count += 1;
  }
  return sum / Math.max(1, count) <= 170 ? 'light' : 'shade';
}

const channels = 3;
/** How far a scrim darkens the photo: white (and a light accent) then reads at ≥ 4.5:1 on its brightest pixel. */
const scrimStrength = 0.74;

/** The photo filling the plate: drawn at its box (which covers the frame) and cut to the plate. */
async function coverImage(image: Buffer, box: Box, plateSize: Plate['size'], plateScale: number): Promise<Buffer> {
  const width = Math.max(plateSize.width, Math.round(box.width * plateScale));
  const height = Math.max(plateSize.height, Math.round(box.height * plateScale));
  const left = Math.min(width - plateSize.width, Math.max(0, Math.round(-box.x * plateScale)));
  const top = Math.min(height - plateSize.height, Math.max(0, Math.round(-box.y * plateScale)));
  return sharp(image)
    .resize(width, height, { fit: 'fill' })
    .extract({ left, top, width: plateSize.width, height: plateSize.height })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** The photo blurred into a colour field: shrunk to a few dozen pixels, then smoothly enlarged. */
async function blurredImage(image: Buffer, plateSize: Plate['size']): Promise<Buffer> {
  const tiny = await sharp(image)
    .resize(9, 16, { fit: 'cover' })
    .removeAlpha()
    .modulate({ saturation: 0.6 })
    .raw()
    .toBuffer();
  return sharp(tiny, { raw: { width: 9, height: 16, channels } })
    .resize(plateSize.width, plateSize.height, { kernel: 'cubic' })
    .blur(30)
    .raw()
    .toBuffer();
}

/** Moves every pixel towards `colour` by `amount(y)` (a row's share, 0–1). */
function tint(
  rgb: Buffer,
  plateSize: Plate['size'],
  colour: string,
  amount: (yFraction: number) => number,
  across: (xFraction: number) => number = () => 1,
): void {
  const target = rgbOf(colour);
  const columns = Array.from({ length: plateSize.width }, (_, x) => across(x / plateSize.width));
  for (let y = 0; y < plateSize.height; y++) {
    const a = amount(y / plateSize.height);
    if (a <= 0) continue;
    const row = y * plateSize.width * channels;
    for (let x = 0; x < plateSize.width; x++) {
      const b = a * columns[x]!;
      if (b <= 0) continue;
      const i = row + x * channels;
      rgb[i] = rgb[i]! + (target[0] - rgb[i]!) * b;
      rgb[i + 1] = rgb[i + 1]! + (target[1] - rgb[i + 1]!) * b;
      rgb[i + 2] = rgb[i + 2]! + (target[2] - rgb[i + 2]!) * b;
    }
  }
}

/** An alpha mask with rounded corners, as raw single-channel bytes. */
function roundedMask(width: number, height: number, radius: number): Buffer {
  const mask = Buffer.alloc(width * height, 255);
  const r = Math.min(radius, width / 2, height / 2);
  for (let y = 0; y < r; y++) {
    for (let x = 0; x < r; x++) {
      const distance = Math.hypot(r - x - 0.5, r - y - 0.5);
      const alpha = Math.max(0, Math.min(1, r - distance + 0.5));
      if (alpha >= 1) continue;
      const value = Math.round(alpha * 255);
      mask[y * width + x] = value;
      mask[y * width + (width - 1 - x)] = value;
      mask[(height - 1 - y) * width + x] = value;
      mask[(height - 1 - y) * width + (width - 1 - x)] = value;
    }
  }
  return mask;
}

const plateBox = (box: Box, plateScale: number) => ({
  left: Math.round(box.x * plateScale),
  top: Math.round(box.y * plateScale),
  width: Math.round(box.width * plateScale),
  height: Math.round(box.height * plateScale),
});

/** The product as an RGBA overlay: a card (rounded, with a shadow) when opaque, the cut-out as is otherwise. */
async function productLayers(
  image: Buffer,
  box: Box,
  opaque: boolean,
  radius: number,
  frame: FrameGeometry,
): Promise<OverlayOptions[]> {
  const { plateScale } = frame;
  const at = plateBox(box, plateScale);
  const resized = sharp(image).resize(at.width, at.height, { fit: 'fill' });
  if (!opaque) {
    return [{ input: await resized.ensureAlpha().png({ compressionLevel: 0 }).toBuffer(), left: at.left, top: at.top }];
  }
  const rgb = await resized.removeAlpha().raw().toBuffer();
  const card = await sharp(rgb, { raw: { width: at.width, height: at.height, channels } })
    .joinChannel(roundedMask(at.width, at.height, Math.round(radius * plateScale)), {
      raw: { width: at.width, height: at.height, channels: 1 },
    })
    .png({ compressionLevel: 0 })
    .toBuffer();
  // A soft shadow: a dark card drawn small, enlarged smooth, below and behind the product.
  // Kept small: the text under the product is read against the plate, shadow included.
  const spread = Math.round(Math.min(Math.max(at.width, at.height) * 0.05, 14 * plateScale * frame.scale));
  const shadowWidth = at.width + 2 * spread;
  const shadowHeight = at.height + 2 * spread;
  const scale = 8;
  const small = {
    width: Math.max(4, Math.round(shadowWidth / scale)),
    height: Math.max(4, Math.round(shadowHeight / scale)),
  };
  const border = Math.round(spread / scale);
  const shadowSmall = Buffer.alloc(small.width * small.height * 4, 0);
  for (let y = border; y < small.height - border; y++) {
    for (let x = border; x < small.width - border; x++) shadowSmall[(y * small.width + x) * 4 + 3] = 150;
  }
  const shadow = await sharp(shadowSmall, { raw: { ...small, channels: 4 } })
    .blur(Math.max(0.8, border * 0.6))
    .resize(shadowWidth, shadowHeight, { kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return [
    { input: shadow, left: at.left - spread, top: at.top - spread + Math.round(spread * 0.35) },
    { input: card, left: at.left, top: at.top },
  ];
}

export interface PlateImage {
  bytes: Buffer;
  opaque: boolean;
}

/**
 * The plate a `site` shot scrolls: the storyboard's site view drawn as a page (site-page.tsx). It
 * depends on the storyboard and the frame alone, not on the voice or the layout's timing, so
 * render-storyboard.ts draws it while the voice is read.
 */
export async function sitePagePlate(
  site: Pick<NonNullable<ShotLayout['site']>, 'view' | 'brand' | 'palette'>,
  frame: FrameGeometry,
  siteImages: ReadonlyMap<string, Buffer>,
): Promise<Plate> {
  const page = await drawSitePage({
    view: site.view,
    brand: site.brand,
    palette: site.palette,
    images: siteImages,
    scale: frame.plateScale * frame.scale,
  });
  const size = { width: page.width, height: page.height };
  const rgb = await sharp(page.data, { raw: { ...size, channels: 4 } })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { rgb, size, scale: frame.plateScale, sweep: sweepFor(rgb) };
}

/**
 * The still under a shot. A `site` shot's is its whole page (taller than the frame: the camera
 * scrolls it), drawn from the storyboard's site view with `siteImages` (clean bytes by asset id).
 */
export async function composePlate(
  layout: AdLayout,
  shot: ShotLayout,
  source: PlateImage | undefined,
  siteImages: ReadonlyMap<string, Buffer> = new Map(),
): Promise<Plate> {
  const image = source?.bytes;
  const { frame } = layout;
  if (shot.site) return sitePagePlate(shot.site, frame, siteImages);
  const plateSize = plateSizeOf(frame);
  let background: Buffer;
  if (image && shot.backdrop === 'image' && shot.product) {
    background = await coverImage(image, shot.product.box, plateSize, frame.plateScale);
    // A scrim under text read on the photo itself, soft at its edges (the gate measures the result).
    for (const scrim of shot.scrims) {
      const from = scrim.y / frame.height;
      const to = (scrim.y + scrim.height) / frame.height;
      const soft = (56 * frame.scale) / frame.height;
      // A column's scrim (16:9) fades out over the same soft edge beyond its width.
      const end = scrim.width === undefined ? undefined : scrim.width / frame.width;
      const softX = (56 * frame.scale) / frame.width;
      tint(
        background,
        plateSize,
        '#000000',
        (y) =>
          y < from - soft || y > to + soft
            ? 0
            : scrimStrength * Math.min(1, (y - (from - soft)) / soft, (to + soft - y) / soft),
        end === undefined ? undefined : (x) => Math.max(0, Math.min(1, (end + softX - x) / softX)),
      );
    }
  } else if (image && shot.backdrop === 'blurred-image') {
    background = await blurredImage(image, plateSize);
    if (layout.blurTint === 'light') tint(background, plateSize, '#ffffff', () => 0.4);
    else tint(background, plateSize, mix(layout.scheme.plateBottom, '#000000', 0.3), () => 0.6);
  } else {
    const design = await drawPlateDesign(layout, shot);
    background = await sharp(design.data, { raw: { width: design.width, height: design.height, channels: 4 } })
      .removeAlpha()
      .raw()
      .toBuffer();
  }
  const overlays =
    source && shot.product && shot.design !== 'cover'
      ? await productLayers(source.bytes, shot.product.box, source.opaque, layout.look.cardRadius, frame)
      : [];
  const rgb =
    overlays.length === 0
      ? background
      : await sharp(background, { raw: { ...plateSize, channels } })
          .composite(overlays)
          .removeAlpha()
          .raw()
          .toBuffer();
  return { rgb, size: plateSize, scale: frame.plateScale, sweep: sweepFor(rgb) };
}

/** The plate as a PNG for ffmpeg (no compression: it is read once, moments later). */
export function platePng(plate: Plate): Promise<Buffer> {
  return sharp(plate.rgb, { raw: { ...plate.size, channels } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * Each 8-bit channel value's linear light, plain and under the band at full strength: the contrast
 * gate reads hundreds of thousands of plate pixels per ad, and a table gives the very figures
 * `luminanceOfRgb` computes, without a power per channel per pixel.
 */
const linearTables = new Map<Sweep | null, { plain: Float64Array; swept: Float64Array }>();
function linearTable(sweep: Sweep | null): { plain: Float64Array; swept: Float64Array } {
  let table = linearTables.get(sweep);
  if (!table) {
    const target = sweep ? sweepRgb[sweep] : 0;
    const alpha = sweep ? sweepAlpha : 0;
    table = { plain: new Float64Array(256), swept: new Float64Array(256) };
    for (let c = 0; c < 256; c++) {
      table.plain[c] = linearChannel(c);
      table.swept[c] = linearChannel(c + (target - c) * alpha);
    }
    linearTables.set(sweep, table);
  }
  return table;
}

/** Relative luminance of the darkest and brightest pixel of the plate inside a frame box, the sweep's
 * band at its strongest over it included (a blend is monotonic, so its extremes are at 0 and full). */
export function luminanceRange(
  plate: Plate,
  box: Box,
  sweep: Sweep | null = plate.sweep,
): { darkest: number; brightest: number } {
  const { size: plateSize, scale: plateScale, rgb } = plate;
  const left = Math.max(0, Math.floor(box.x * plateScale));
  const top = Math.max(0, Math.floor(box.y * plateScale));
  const right = Math.min(plateSize.width, Math.ceil((box.x + box.width) * plateScale));
  const bottom = Math.min(plateSize.height, Math.ceil((box.y + box.height) * plateScale));
  let darkest = 1;
  let brightest = 0;
  const { plain, swept } = linearTable(sweep);
  // Every other plate pixel: the same sampling at every frame size (plates are at least 1080 px wide).
  for (let y = top; y < bottom; y += 2) {
    for (let x = left; x < right; x += 2) {
      const i = (y * plateSize.width + x) * channels;
      const r = rgb[i]!;
      const g = rgb[i + 1]!;
      const b = rgb[i + 2]!;
      const value = luminanceOfLinear(plain[r]!, plain[g]!, plain[b]!);
      const sweptValue = luminanceOfLinear(swept[r]!, swept[g]!, swept[b]!);
      darkest = Math.min(darkest, value, sweptValue);
      brightest = Math.max(brightest, value, sweptValue);
    }
  }
  return { darkest, brightest };
}
