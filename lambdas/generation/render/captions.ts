// Burned-in captions, one drawtext per line. Everything stays inside the platforms' safe zone
// (TikTok/Reels buttons and descriptions cover the edges), lines are centred, and each style
// has its own type: cinematic in letter-spaced regular-weight caps over a dark scrim, direct response in
// heavy type on accent-coloured boxes, ugc in a casual white lower-third box.
import { ffmpegColor, ink, readableTextOn, white } from './colors.ts';
import { filter } from './filter-escape.ts';
import type { RenderFonts } from './fonts.ts';
import type { RenderPalette, RenderStyle } from './render-spec.ts';
import { fitFontSize, letterSpaced, printable, wrapText } from './text-fit.ts';

export const safeZone = { left: 60, right: 660, top: 220, bottom: 1000 } as const;

/** A glyph reaches at most this far above / below the baseline, in em (accented caps, descenders). */
export const ascentEm = 0.96;
export const descentEm = 0.25;

interface CaptionLook {
  weight: keyof RenderFonts;
  caps: boolean;
  maxSize: { footage: number; brand: number };
  /** Box padding around each line; 0 draws a shadow instead of a box. */
  padding: number;
  gap: number;
  /** Where the block sits: its vertical centre, or its bottom edge for a lower third. */
  anchor: { footage: { centre: number } | { bottom: number }; brand: { centre: number } };
  fadeInSeconds: number;
  slidePixels: number;
  staggerSeconds: number;
  colors: (palette: RenderPalette) => { text: string; box?: string };
}

const looks: Record<RenderStyle, CaptionLook> = {
  cinematic: {
    weight: 'regular',
    caps: true,
    maxSize: { footage: 64, brand: 84 },
    padding: 0,
    gap: 18,
    anchor: { footage: { centre: 610 }, brand: { centre: 600 } },
    fadeInSeconds: 0.45,
    slidePixels: 26,
    staggerSeconds: 0.18,
    colors: () => ({ text: white }),
  },
  'direct-response': {
    weight: 'bold',
    caps: false,
    maxSize: { footage: 64, brand: 100 },
    padding: 18,
    gap: 10,
    anchor: { footage: { centre: 430 }, brand: { centre: 600 } },
    fadeInSeconds: 0.12,
    slidePixels: 0,
    staggerSeconds: 0.08,
    colors: (palette) => ({ text: readableTextOn(palette.accent, palette.text), box: palette.accent }),
  },
  ugc: {
    weight: 'bold',
    caps: false,
    maxSize: { footage: 46, brand: 76 },
    padding: 14,
    gap: 8,
    anchor: { footage: { bottom: 960 }, brand: { centre: 600 } },
    fadeInSeconds: 0.2,
    slidePixels: 30,
    staggerSeconds: 0.1,
    colors: () => ({ text: ink, box: white }),
  },
};

export interface CaptionLine {
  text: string;
  /** The baseline's y once the line has slid into place. */
  baseline: number;
  fontSize: number;
}

export interface CaptionLayout {
  lines: CaptionLine[];
  padding: number;
  /** How far below its resting place a line starts its slide. */
  slidePixels: number;
}

/** Where each line of a caption goes; pure so the safe zone can be checked without rendering. */
export function layoutCaption(caption: readonly string[], style: RenderStyle, onFootage: boolean): CaptionLayout {
  const look = looks[style];
  const maxWidth = safeZone.right - safeZone.left - 2 * look.padding;
  const maxSize = onFootage ? look.maxSize.footage : look.maxSize.brand;
  const texts = caption.map(printable).filter((line) => line.length > 0);
  // A long single line reads faster, and larger, as two short ones; big brand type splits sooner.
  const splitAbove = onFootage ? 16 : 10;
  const lines = texts.length === 1 && texts[0]!.length > splitAbove ? wrapText(texts[0]!, splitAbove) : texts;
  const caps = lines.map((line) => line.toLocaleUpperCase('en-US'));
  const tracked = caps.map(letterSpaced);
  // Letter spacing only while it leaves the caps big; long lines go untracked instead.
  const shown = !look.caps ? lines : fitFontSize(tracked, look.weight, maxWidth, maxSize) >= 46 ? tracked : caps;
  const fontSize = fitFontSize(shown, look.weight, maxWidth, maxSize);
  const lineHeight = Math.ceil((ascentEm + descentEm) * fontSize) + 2 * look.padding + look.gap;
  const blockHeight = lineHeight * shown.length - look.gap;
  const anchor = onFootage ? look.anchor.footage : look.anchor.brand;
  const top = 'centre' in anchor ? anchor.centre - blockHeight / 2 : anchor.bottom - look.slidePixels - blockHeight;
  const firstBaseline = Math.round(top + look.padding + ascentEm * fontSize);
  return {
    lines: shown.map((text, i) => ({ text, fontSize, baseline: firstBaseline + i * lineHeight })),
    padding: look.padding,
    slidePixels: look.slidePixels,
  };
}

export interface CaptionTiming {
  /** When the first line starts to appear. */
  appear: number;
  /** When the caption is gone. */
  end: number;
}

/** drawtext filters (comma-joinable) that show a caption over [appear, end]. */
export function captionFilters(
  caption: readonly string[],
  timing: CaptionTiming,
  context: { style: RenderStyle; palette: RenderPalette; fonts: RenderFonts; onFootage: boolean },
): string[] {
  const look = looks[context.style];
  const layout = layoutCaption(caption, context.style, context.onFootage);
  const colors = look.colors(context.palette);
  const fadeOut = 0.2;
  return layout.lines.map((line, i) => {
    const appear = (timing.appear + i * look.staggerSeconds).toFixed(3);
    const end = timing.end.toFixed(3);
    const progress = `max(0,1-(t-${appear})/${look.fadeInSeconds * 1.4})`;
    return filter('drawtext', {
      fontfile: context.fonts[look.weight],
      text: line.text,
      expansion: 'none',
      fontsize: line.fontSize,
      fontcolor: ffmpegColor(colors.text),
      x: '(w-text_w)/2',
      y: `${line.baseline}-ascent+${layout.slidePixels}*pow(${progress},3)`,
      alpha: `min(1,(t-${appear})/${look.fadeInSeconds})*min(1,(${end}-t)/${fadeOut})`,
      enable: `between(t,${appear},${end})`,
      ...(colors.box
        ? { box: 1, boxcolor: ffmpegColor(colors.box, 0.94), boxborderw: layout.padding }
        : { shadowcolor: ffmpegColor('#000000', 0.6), shadowx: 2, shadowy: 3 }),
    });
  });
}
