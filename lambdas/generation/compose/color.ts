// Colour arithmetic for legibility (WCAG 2.x relative luminance and contrast ratio): the gates
// measure every text colour against what is really behind it, and the looks pick colours that pass.

export type Rgb = readonly [number, number, number];

export function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function hexOf(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear blend: `amount` 0 gives `from`, 1 gives `to`. */
export function mix(from: string, to: string, amount: number): string {
  const a = rgbOf(from);
  const b = rgbOf(to);
  return hexOf([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as unknown as Rgb);
}

/** An sRGB channel value (0–255, fractions allowed) as linear light (0–1). */
export function linearChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance from the three channels' linear light (`linearChannel`). */
export function luminanceOfLinear(r: number, g: number, b: number): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function luminanceOfRgb([r, g, b]: Rgb): number {
  return luminanceOfLinear(linearChannel(r), linearChannel(g), linearChannel(b));
}

export const luminance = (hex: string) => luminanceOfRgb(rgbOf(hex));

export function contrastOfLuminances(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export function contrast(a: string, b: string): number {
  return contrastOfLuminances(luminance(a), luminance(b));
}

export const white = '#ffffff';
export const ink = '#111111';

/** White or ink, whichever reads better on `background`. */
export function inkOrWhite(background: string): string {
  return contrast(white, background) >= contrast(ink, background) ? white : ink;
}

/**
 * `preferred` when it reaches `ratio` on `background`; else `preferred` darkened or lightened
 * (towards ink or white, whichever side it can reach the ratio from) just enough; else ink or white.
 */
export function readableOn(background: string, preferred: string, ratio = 4.5): string {
  if (contrast(preferred, background) >= ratio) return preferred;
  const target = inkOrWhite(background);
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(preferred, target, step / 20);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return target;
}

/** A background shade of `color` that `text` reads on at `ratio`: the colour itself when it already does. */
export function backgroundFor(text: string, color: string, ratio = 4.5): string {
  if (contrast(text, color) >= ratio) return color;
  const away = luminance(text) > 0.5 ? ink : white;
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(color, away, step / 20);
    if (contrast(text, candidate) >= ratio) return candidate;
  }
  return away;
}
