// The colours of an ad, derived from the brand's palette by the recipe its style names (its
// `look.scheme`, styles/<style>.ts) so that every text colour reaches 4.5:1 on what it is drawn on
// (its box, its stroke, or the plate colour the design puts behind it). The gates then measure the
// rendered plates; this only makes passing the normal case.

import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { backgroundFor, contrast, ink, inkOrWhite, mix, readableOn, white } from './color.ts';

export interface Scheme {
  /** The plate's gradient, top to bottom, and a glow behind the product. */
  plateTop: string;
  plateBottom: string;
  glow: string;
  /** A second field for cuts and the product-split framing. */
  field: string;
  /** The plate colour text is designed to sit on where it has no box. */
  plateBehindText: string;
  textOnPlate: string;
  accentOnPlate: string;
  /** Boxed text and stickers. */
  boxFill: string;
  boxInk: string;
  /** The accent on a box (emphasis, the active caption word). */
  accentOnBox: string;
  emphasisFill: string;
  emphasisInk: string;
  /** A price or offer sticker. */
  hotFill: string;
  hotInk: string;
  /** Outlined captions. */
  captionInk: string;
  captionActive: string;
  stroke: string;
  /** The end card's button. */
  ctaFill: string;
  ctaInk: string;
  /** Phone elements (a viewer's comment, a friend's message). */
  bubbleFill: string;
  bubbleInk: string;
  /** The wordmark's box: the brand's own colour (nudged until its ink reads on it). */
  brandFill: string;
  brandInk: string;
}

const black = '#000000';
const sunshine = '#ffd23f';

/** The accent when it stands out from the plate, else a bright yellow that does. */
function hotColour(accent: string, plate: string): string {
  return contrast(accent, plate) >= 2 ? accent : contrast(sunshine, plate) >= 2 ? sunshine : white;
}

function filled(fill: string): { fill: string; ink: string } {
  const text = inkOrWhite(fill);
  return { fill: backgroundFor(text, fill), ink: text };
}

/**
 * How a palette becomes an ad's colours: `deep-shade` sets light text on the brand's colour shaded
 * near black (a calm, dark stage); `bold-poster` keeps the brand's colour at full strength behind
 * white boxes; `brand-room` paints the plates in the brand's own colour, never a tint of it.
 */
export const schemeRecipes = ['deep-shade', 'bold-poster', 'brand-room'] as const;
export type SchemeRecipe = (typeof schemeRecipes)[number];

export function schemeFor(recipe: SchemeRecipe, palette: Storyboard['palette']): Scheme {
  const { primary, accent } = palette;
  const deep = mix(primary, black, 0.62);
  const outlined = {
    captionInk: white,
    captionActive: readableOn(ink, accent, 7),
    stroke: ink,
  };
  const own = filled(primary);
  const bubble = { bubbleFill: white, bubbleInk: ink, brandFill: own.fill, brandInk: own.ink };
  if (recipe === 'deep-shade') {
    const cta = filled(mix(accent, white, 0.15));
    return {
      plateTop: mix(primary, black, 0.55),
      plateBottom: mix(primary, black, 0.86),
      glow: mix(primary, white, 0.18),
      field: mix(primary, black, 0.7),
      plateBehindText: deep,
      textOnPlate: white,
      accentOnPlate: readableOn(deep, accent, 4.5),
      boxFill: mix(primary, black, 0.78),
      boxInk: white,
      accentOnBox: readableOn(mix(primary, black, 0.78), accent, 4.5),
      ...emphasis(accent),
      ...hot(accent, deep),
      ...outlined,
      captionInk: white,
      captionActive: readableOn(deep, mix(accent, white, 0.2), 4.5),
      ctaFill: cta.fill,
      ctaInk: cta.ink,
      ...bubble,
    };
  }
  if (recipe === 'bold-poster') {
    const plate = primary;
    const cta = filled(hotColour(accent, plate));
    return {
      plateTop: mix(primary, white, 0.08),
      plateBottom: mix(primary, black, 0.35),
      glow: mix(primary, white, 0.35),
      field: mix(primary, black, 0.45),
      plateBehindText: mix(primary, black, 0.2),
      textOnPlate: inkOrWhite(mix(primary, black, 0.2)),
      accentOnPlate: readableOn(mix(primary, black, 0.2), accent, 4.5),
      boxFill: white,
      boxInk: ink,
      accentOnBox: readableOn(white, mix(primary, black, 0.1), 4.5),
      ...emphasis(accent),
      ...hot(accent, plate),
      ...outlined,
      ctaFill: cta.fill,
      ctaInk: cta.ink,
      ...bubble,
    };
  }
  // brand-room: the designed plates (typographic scenes, the end card) are the brand's own colour,
  // not a tint of it: a red brand stays red. Its shades move away from the ink, so contrast only grows.
  const room = own.fill;
  const away = own.ink === white ? black : white;
  return {
    plateTop: mix(room, away, 0.06),
    plateBottom: mix(room, away, 0.18),
    glow: mix(room, away, 0.3),
    field: mix(room, away, 0.35),
    plateBehindText: room,
    textOnPlate: own.ink,
    accentOnPlate: readableOn(room, accent, 4.5),
    boxFill: white,
    boxInk: ink,
    accentOnBox: readableOn(white, accent, 4.5),
    ...emphasis(accent),
    ...hot(accent, room),
    ...outlined,
    ctaFill: filled(readableOn(room, accent, 1.5)).fill,
    ctaInk: filled(readableOn(room, accent, 1.5)).ink,
    ...bubble,
  };
}

function emphasis(colour: string): { emphasisFill: string; emphasisInk: string } {
  const { fill, ink: text } = filled(colour);
  return { emphasisFill: fill, emphasisInk: text };
}

function hot(accent: string, plate: string): { hotFill: string; hotInk: string } {
  const { fill, ink: text } = filled(hotColour(accent, plate));
  return { hotFill: fill, hotInk: text };
}

/** The blue of a sent phone message, darkened until white reads on it. */
export const messageBlue = backgroundFor(white, '#0a84ff');
