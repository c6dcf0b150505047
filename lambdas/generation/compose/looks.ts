// What a look is (compose/README.md): type, text treatments, motion and cuts. Each style's own look is
// in its definition (styles/<style>.ts, `look.type`); the safe look is the fallback a failed gate
// renders with, made from the style's.
import type { FontWeight } from './fonts.ts';

/** How text is kept legible: on its own box, inside a stroke, or on the designed plate (measured). */
export type Treatment = 'plain' | 'boxed' | 'outline' | 'sticker';

/**
 * The smallest type the layout gate passes (compose/layout-gate.ts), at the design frame's 720 px width; a frame's
 * minimums are these times its scale.
 */
export const minTypeSize = { regular: 44, bold: 35 } as const;

/**
 * The designed backgrounds a style chooses from (its `look.plate`), drawn by compose/layers.tsx: `glow-vignette`, a dark
 * gradient with bokeh, a glow behind the product and a vignette; `banded-burst`, a tilted colour
 * band and a burst that alternate shot by shot; `bokeh-blob`, a soft room of bokeh and a blob of
 * light behind the product.
 */
export type PlateDesign = 'glow-vignette' | 'banded-burst' | 'bokeh-blob';

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
  /** Words on screen at once (1–3, what a viewer reads at a glance). */
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

/** Heavy type on a box, the base most text specs start from. */
export const bold = (size: number, extra: Partial<TypeSpec> = {}): TypeSpec => ({
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

/** The safer look a failed gate falls back to: every text on its own opaque box, gentle motion, no dissolves. */
export function safeLook(look: Look): Look {
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
