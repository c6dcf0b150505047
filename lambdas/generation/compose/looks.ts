// How each style looks, as data (issue 14 §6): type, text treatments, motion and cuts. Cinematic is
// elegant (light, letter-spaced, slow dissolves and camera moves), direct-response bold and urgent
// (heavy type in boxes, a punch-in on every cut, price stickers), UGC phone-native (sticker text,
// outlined captions, a handheld camera). The safe look is the fallback a failed gate renders with.
import type { Style } from '#shared/contract.ts';
import type { FontWeight } from './fonts.ts';

/** How text is kept legible: on its own box, inside a stroke, or on the designed plate (measured). */
export type Treatment = 'plain' | 'boxed' | 'outline' | 'sticker';

export interface TypeSpec {
  weight: FontWeight;
  /** The size aimed at, shrunk step by step to `minSize` until the text fits its region. */
  size: number;
  minSize: number;
  uppercase: boolean;
  letterSpacingEm: number;
  lineHeight: number;
  maxLines: number;
  treatment: Treatment;
}

export interface CaptionSpec extends TypeSpec {
  /** Words on screen at once (ad-craft §5: 1–3). */
  maxWords: number;
}

export interface Look {
  headline: TypeSpec;
  caption: CaptionSpec;
  callout: TypeSpec;
  phone: TypeSpec;
  endTitle: TypeSpec;
  endCta: TypeSpec;
  endDomain: TypeSpec;
  /** Seconds a scene's pictures dissolve into the next (0: a cut). */
  dissolveSeconds: number;
  /** Seconds text takes to come in, and how it comes in. */
  textEntrance: { seconds: number; kind: 'fade-rise' | 'slam' | 'pop' };
  /** The camera: how far a push goes, how far a pan travels, how much a hand shakes (frame px). */
  motion: { push: number; panPx: number; punch: number; wobblePx: number };
  /** The rounded corner of a product photo shown as a card, px. */
  cardRadius: number;
}

const bold = (size: number, extra: Partial<TypeSpec> = {}): TypeSpec => ({
  weight: 800,
  size,
  minSize: 35,
  uppercase: false,
  letterSpacingEm: 0,
  lineHeight: 1.12,
  maxLines: 2,
  treatment: 'boxed',
  ...extra,
});

export const looks: Record<Style, Look> = {
  cinematic: {
    headline: {
      weight: 300,
      size: 52,
      minSize: 44,
      uppercase: true,
      letterSpacingEm: 0.12,
      lineHeight: 1.18,
      maxLines: 2,
      treatment: 'plain',
    },
    caption: { ...bold(48, { weight: 600, treatment: 'plain' }), maxWords: 3 },
    callout: bold(44, { weight: 300, minSize: 44, uppercase: true, letterSpacingEm: 0.08, treatment: 'plain' }),
    phone: bold(38, { treatment: 'sticker' }),
    endTitle: {
      weight: 300,
      size: 54,
      minSize: 44,
      uppercase: true,
      letterSpacingEm: 0.14,
      lineHeight: 1.15,
      maxLines: 2,
      treatment: 'plain',
    },
    endCta: bold(40, { weight: 600, uppercase: true, letterSpacingEm: 0.12, maxLines: 2, treatment: 'boxed' }),
    endDomain: bold(36, { weight: 600, letterSpacingEm: 0.04, maxLines: 1, treatment: 'plain' }),
    dissolveSeconds: 0.4,
    textEntrance: { seconds: 0.5, kind: 'fade-rise' },
    motion: { push: 0.07, panPx: 26, punch: 0, wobblePx: 0 },
    cardRadius: 28,
  },
  'direct-response': {
    headline: bold(60, { weight: 900, uppercase: true, lineHeight: 1.04, maxLines: 2 }),
    caption: { ...bold(58, { weight: 900, uppercase: true, treatment: 'outline', maxLines: 1 }), maxWords: 2 },
    callout: bold(58, { weight: 900, uppercase: true, maxLines: 2, lineHeight: 1 }),
    phone: bold(38, { treatment: 'sticker' }),
    endTitle: bold(58, { weight: 900, uppercase: true, treatment: 'plain', lineHeight: 1.04 }),
    endCta: bold(54, { weight: 900, uppercase: true, maxLines: 2 }),
    endDomain: bold(40, { weight: 800, maxLines: 1, treatment: 'boxed' }),
    dissolveSeconds: 0,
    textEntrance: { seconds: 0.14, kind: 'slam' },
    motion: { push: 0.05, panPx: 22, punch: 0.08, wobblePx: 0 },
    cardRadius: 18,
  },
  ugc: {
    headline: bold(46, { treatment: 'sticker', lineHeight: 1.2, maxLines: 2 }),
    // The feed's own caption style: black words on white boxes, the word being said on the accent.
    caption: { ...bold(46, { weight: 800, treatment: 'boxed', maxLines: 1 }), maxWords: 3 },
    callout: bold(48, { weight: 900, treatment: 'sticker', maxLines: 2 }),
    phone: bold(38, { treatment: 'sticker', maxLines: 2, lineHeight: 1.18 }),
    endTitle: bold(50, { treatment: 'plain' }),
    endCta: bold(46, { weight: 900, maxLines: 2 }),
    endDomain: bold(38, { weight: 800, maxLines: 1, treatment: 'plain' }),
    dissolveSeconds: 0,
    textEntrance: { seconds: 0.18, kind: 'pop' },
    motion: { push: 0.04, panPx: 20, punch: 0, wobblePx: 9 },
    cardRadius: 22,
  },
};

/** The safer look a failed gate falls back to: every text on its own opaque box, gentle motion, no dissolves. */
export function safeLook(style: Style): Look {
  const look = looks[style];
  const boxedBold = (spec: TypeSpec): TypeSpec => ({
    ...spec,
    weight: spec.weight < 600 ? 800 : spec.weight,
    minSize: 35,
    letterSpacingEm: 0,
    treatment: 'boxed',
    maxLines: Math.max(spec.maxLines, 3),
  });
  return {
    ...look,
    headline: boxedBold(look.headline),
    caption: { ...boxedBold(look.caption), maxWords: look.caption.maxWords, maxLines: 1 },
    callout: boxedBold(look.callout),
    phone: boxedBold(look.phone),
    endTitle: boxedBold(look.endTitle),
    endDomain: boxedBold(look.endDomain),
    dissolveSeconds: 0,
    motion: { push: 0.04, panPx: 0, punch: 0, wobblePx: 0 },
  };
}
