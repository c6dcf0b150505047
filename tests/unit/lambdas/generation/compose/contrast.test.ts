// WCAG contrast as the compose gates compute it, and the colours each style derives from any brand
// palette: every text colour a scheme hands out reaches 4.5:1 on what it is drawn on.
import { describe, expect, it } from 'vitest';
import { backgroundFor, contrast, ink, readableOn, white } from '#generation/compose/color.ts';
import { schemeFor } from '#generation/compose/scheme.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { styles } from '#shared/contract.ts';

describe('contrast', () => {
  it('matches WCAG: white on black is 21:1, white on mid grey under 4.5:1', () => {
    // Act
    const extremes = contrast(white, '#000000');
    const grey = contrast(white, '#808080');

    // Assess
    expect(extremes).toBeCloseTo(21, 5);
    expect(grey).toBeCloseTo(3.95, 2);
  });

  it('finds a readable shade of a brand colour instead of giving up on it', () => {
    // Act
    const onWhite = readableOn(white, '#fde047');
    const boxForWhite = backgroundFor(white, '#0a84ff');

    // Assess
    expect(contrast(onWhite, white)).toBeGreaterThanOrEqual(4.5);
    expect(onWhite).not.toBe(ink);
    expect(contrast(white, boxForWhite)).toBeGreaterThanOrEqual(4.5);
  });

  const palettes = [
    { primary: '#7a3e1d', accent: '#e8c170', text: '#ffffff' },
    { primary: '#ffffff', accent: '#fde047', text: '#000000' },
    { primary: '#808080', accent: '#808080', text: '#ffffff' },
    { primary: '#0f0f12', accent: '#0f0f12', text: '#ffffff' },
    { primary: '#ffe600', accent: '#ffffff', text: '#000000' },
  ];
  const cases = styles.flatMap((style) => palettes.map((palette) => [style, palette.primary, palette] as const));

  it.each(cases)('gives %s on %s text colours that read on their boxes and strokes', (style, _, palette) => {
    // Act
    const { look } = styleDefinition(style);
    const scheme = schemeFor(look.scheme, palette);

    // Assess
    expect(contrast(scheme.boxInk, scheme.boxFill)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(scheme.accentOnBox, scheme.boxFill)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(scheme.emphasisInk, scheme.emphasisFill)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(scheme.hotInk, scheme.hotFill)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(scheme.ctaInk, scheme.ctaFill)).toBeGreaterThanOrEqual(4.5);
    // Captions are outlined, or (cinematic) drawn on the plate; boxed ones (UGC) read on the boxes checked above.
    const { treatment } = look.type.caption;
    if (treatment !== 'boxed') {
      const behindCaptions = treatment === 'outline' ? scheme.stroke : scheme.plateBehindText;
      expect(contrast(scheme.captionInk, behindCaptions)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(scheme.captionActive, behindCaptions)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(scheme.bubbleInk, scheme.bubbleFill)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(scheme.textOnPlate, scheme.plateBehindText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(scheme.accentOnPlate, scheme.plateBehindText)).toBeGreaterThanOrEqual(4.5);
  });
});
