// The typefaces every layer is drawn in: Inter from @expo-google-fonts/inter (static TTFs), read
// once per container. Satori turns text into glyph paths with them (no fontconfig in Lambda), and
// the layout measures text with their own advance widths, so what is measured is what is drawn.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const fontWeights = [300, 600, 800, 900] as const;
export type FontWeight = (typeof fontWeights)[number];

const fileNames: Record<FontWeight, string> = {
  300: '300Light/Inter_300Light.ttf',
  600: '600SemiBold/Inter_600SemiBold.ttf',
  800: '800ExtraBold/Inter_800ExtraBold.ttf',
  900: '900Black/Inter_900Black.ttf',
};

/** The bytes of one weight. In Lambda the render function ships the TTFs in RENDER_FONTS_DIR. */
function fontBytes(weight: FontWeight): Buffer {
  const file = fileNames[weight];
  const bundled = process.env.RENDER_FONTS_DIR;
  const path = bundled ? `${bundled}/${file.split('/')[1]}` : require.resolve(`@expo-google-fonts/inter/${file}`);
  return readFileSync(path);
}

export interface FontMetrics {
  /** Advance width of a character in em; unknown characters count as the widest glyph. */
  advanceEm(char: string): number;
  ascenderEm: number;
  descenderEm: number;
  capHeightEm: number;
}

export interface LoadedFont {
  weight: FontWeight;
  data: Buffer;
  metrics: FontMetrics;
}

let loaded: Map<FontWeight, LoadedFont> | undefined;

export function loadFonts(): Map<FontWeight, LoadedFont> {
  loaded ??= new Map(
    fontWeights.map((weight) => {
      const data = fontBytes(weight);
      return [weight, { weight, data, metrics: readMetrics(data) }];
    }),
  );
  return loaded;
}

export function fontMetrics(weight: FontWeight): FontMetrics {
  return loadFonts().get(weight)!.metrics;
}

/** Width of `text` in px at `size`, with `letterSpacingEm` added after every character (as CSS does). */
export function textWidth(text: string, weight: FontWeight, size: number, letterSpacingEm = 0): number {
  const metrics = fontMetrics(weight);
  let em = 0;
  for (const char of text) em += metrics.advanceEm(char) + letterSpacingEm;
  return em * size;
}

/** Reads unitsPerEm (head), ascender/descender (hhea), cap height (OS/2), advances (hmtx) and cmap format 4. */
function readMetrics(font: Buffer): FontMetrics {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, number>();
  const tableCount = view.getUint16(4);
  for (let i = 0; i < tableCount; i++) {
    const record = 12 + i * 16;
    tables.set(font.toString('latin1', record, record + 4), view.getUint32(record + 8));
  }
  const table = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`Font has no ${tag} table`);
    return offset;
  };
  const unitsPerEm = view.getUint16(table('head') + 18);
  const hhea = table('hhea');
  const ascender = view.getInt16(hhea + 4);
  const descender = view.getInt16(hhea + 6);
  const metricCount = view.getUint16(hhea + 34);
  const os2 = table('OS/2');
  const capHeight = view.getUint16(os2) >= 2 ? view.getInt16(os2 + 88) : ascender * 0.7;
  const hmtx = table('hmtx');
  const advanceOfGlyph = (glyph: number) => view.getUint16(hmtx + 4 * Math.min(glyph, metricCount - 1));

  const glyphOf = cmapFormat4(view, table('cmap'));
  let widest = 0;
  for (let glyph = 0; glyph < metricCount; glyph++) widest = Math.max(widest, advanceOfGlyph(glyph));
  const cache = new Map<string, number>();
  return {
    advanceEm(char) {
      let em = cache.get(char);
      if (em === undefined) {
        const glyph = glyphOf(char.codePointAt(0)!);
        em = (glyph === 0 ? widest : advanceOfGlyph(glyph)) / unitsPerEm;
        cache.set(char, em);
      }
      return em;
    },
    ascenderEm: ascender / unitsPerEm,
    descenderEm: -descender / unitsPerEm,
    capHeightEm: capHeight / unitsPerEm,
  };
}

/** The Unicode BMP subtable (platform 3, encoding 1, format 4) as a code point → glyph lookup. */
function cmapFormat4(view: DataView, cmap: number): (codePoint: number) => number {
  const subtableCount = view.getUint16(cmap + 2);
  let subtable = -1;
  for (let i = 0; i < subtableCount; i++) {
    const record = cmap + 4 + i * 8;
    if (view.getUint16(record) === 3 && view.getUint16(record + 2) === 1) subtable = cmap + view.getUint32(record + 4);
  }
  if (subtable < 0 || view.getUint16(subtable) !== 4) throw new Error('Font has no Unicode BMP cmap');
  const segments = view.getUint16(subtable + 6) / 2;
  const ends = subtable + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (view.getUint16(ends + 2 * s) < codePoint) continue;
      const start = view.getUint16(starts + 2 * s);
      if (start > codePoint) return 0;
      const delta = view.getInt16(deltas + 2 * s);
      const rangeOffset = view.getUint16(rangeOffsets + 2 * s);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsets + 2 * s + rangeOffset + 2 * (codePoint - start));
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
