// Brand colours arrive as #rrggbb from a website's theme; these helpers turn them into ffmpeg
// colours and pick text colours that stay legible whatever the brand chose (WCAG contrast).

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `#rrggbb` as ffmpeg's `0xRRGGBB@alpha`. */
export function ffmpegColor(hex: string, alpha = 1): string {
  return `0x${hex.slice(1).toUpperCase()}@${alpha}`;
}

/** Linear blend: `amount` 0 gives `from`, 1 gives `to`. */
export function mixColors(from: string, to: string, amount: number): string {
  const a = toRgb(from);
  const b = toRgb(to);
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as Rgb);
}

export function channels(hex: string): Rgb {
  return toRgb(hex);
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const white = '#ffffff';
export const ink = '#111418';

/** The brand's own text colour when it reads on `background` (large text, 3:1), else white or ink. */
export function readableTextOn(background: string, preferred: string): string {
  if (contrastRatio(preferred, background) >= 3) return preferred;
  return contrastRatio(white, background) >= contrastRatio(ink, background) ? white : ink;
}
