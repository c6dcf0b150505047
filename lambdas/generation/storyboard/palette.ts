// The ad's colours: the site's theme colour when it has one (else the style's own, its
// `look.palette`), with text and accent colours picked for contrast against it (WCAG 2 ratios), so
// text stays readable whatever the brand chose.
import type { Storyboard } from './storyboard.ts';

// Every colour reaches 4.5:1 against pure white or pure black; a softer black would not guarantee it.
const light = '#ffffff';
const dark = '#000000';

// Large bold text reads at 3:1 (WCAG's large-text threshold).
const minAccentContrast = 3;
const fallbackAccents = ['#fde047', '#22d3ee', '#db2777', '#1d4ed8'];

export function paletteFor(defaults: { primary: string; accent: string }, themeColor?: string): Storyboard['palette'] {
  const primary = themeColor ?? defaults.primary;
  const text = contrastRatio(primary, light) >= contrastRatio(primary, dark) ? light : dark;
  const accent =
    [defaults.accent, ...fallbackAccents].find((color) => contrastRatio(color, primary) >= minAccentContrast) ?? text;
  return { primary, accent, text };
}

function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

function relativeLuminance(hex: string): number {
  const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}
