import { describe, expect, it } from 'vitest';
import { contrast } from '#generation/compose/color.ts';
import { paletteFor } from '#generation/storyboard/palette.ts';
import { styleDefinition } from '#generation/styles/styles.ts';

describe('the colours of a storyboard', () => {
  it('uses the site theme colour with dark text when it is light', () => {
    expect(paletteFor(styleDefinition('cinematic').look.palette, '#fef3c7')).toMatchObject({
      primary: '#fef3c7',
      text: '#000000',
    });
  });

  it('keeps text and accent readable on the primary colour', () => {
    for (const themeColor of ['#10b981', '#1e3a8a', '#ffffff', '#000000', '#ff0000', '#777777']) {
      // Act
      const palette = paletteFor(styleDefinition('direct-response').look.palette, themeColor);

      // Assess
      expect(contrast(palette.text, palette.primary)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.accent, palette.primary)).toBeGreaterThanOrEqual(3);
    }
  });

  it('falls back to the style colours when the site has none', () => {
    expect(paletteFor(styleDefinition('direct-response').look.palette)).toEqual({
      primary: '#dc2626',
      accent: '#fde047',
      text: '#ffffff',
    });
  });
});
