import { describe, expect, it } from 'vitest';
import {
  ascentEm,
  type CaptionLayout,
  descentEm,
  layoutCaption,
  safeZone,
} from '../../lambdas/generation/render/captions.ts';
import { layoutEndCard } from '../../lambdas/generation/render/end-card.ts';
import type { RenderStyle } from '../../lambdas/generation/render/render-spec.ts';
import { estimateTextWidth, letterSpaced, wrapText } from '../../lambdas/generation/render/text-fit.ts';

const styles: RenderStyle[] = ['cinematic', 'direct-response', 'ugc'];
const palette = { primary: '#1e3a8a', accent: '#f97316', text: '#ffffff' };

/** The captions a script may legally send that are hardest to fit: widest glyphs, longest lines. */
const worstCaptions = [
  ['W'.repeat(32), 'M'.repeat(32)],
  ['Get 50% off your first box today', 'Free shipping on every order!!!'],
  ['Ok'],
  ['Çà et là, naïve façade — ÉTÉ 2026'],
];

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Where a drawn line can reach: its width bound, its tallest and deepest glyph, its box padding. */
function extentOf(text: string, fontSize: number, baseline: number, padding: number, weight: 'bold' | 'regular'): Box {
  const width = estimateTextWidth(text, fontSize, weight);
  return {
    left: 360 - width / 2 - padding,
    right: 360 + width / 2 + padding,
    top: baseline - ascentEm * fontSize - padding,
    bottom: baseline + descentEm * fontSize + padding,
  };
}

function expectInsideSafeZone(box: Box): void {
  expect(box.left).toBeGreaterThanOrEqual(safeZone.left);
  expect(box.right).toBeLessThanOrEqual(safeZone.right);
  expect(box.top).toBeGreaterThanOrEqual(safeZone.top);
  expect(box.bottom).toBeLessThanOrEqual(safeZone.bottom);
}

const weightOf = (style: RenderStyle) => (style === 'cinematic' ? 'regular' : 'bold');

describe('caption layout', () => {
  for (const style of styles) {
    for (const onFootage of [true, false]) {
      it(`keeps ${style} captions ${onFootage ? 'over footage' : 'on the brand background'} inside the safe zone, slide included`, () => {
        for (const caption of worstCaptions) {
          // Act
          const layout: CaptionLayout = layoutCaption(caption, style, onFootage);

          // Assess: at rest and at the start of the slide-in.
          for (const line of layout.lines) {
            for (const offset of [0, layout.slidePixels]) {
              expectInsideSafeZone(
                extentOf(line.text, line.fontSize, line.baseline + offset, layout.padding, weightOf(style)),
              );
            }
          }
        }
      });
    }
  }

  it('draws short captions large and shrinks long ones to fit', () => {
    // Act
    const short = layoutCaption(['Ok'], 'direct-response', true);
    const long = layoutCaption(['W'.repeat(32)], 'direct-response', true);

    // Assess
    expect(short.lines[0]!.fontSize).toBeGreaterThanOrEqual(60);
    expect(long.lines[0]!.fontSize).toBeLessThan(short.lines[0]!.fontSize);
  });

  it('splits a long single line into two balanced lines', () => {
    // Act
    const layout = layoutCaption(['Fresh beans at your door in 24h'], 'ugc', true);

    // Assess
    expect(layout.lines.map((line) => line.text)).toEqual(['Fresh beans at', 'your door in 24h']);
    expect(layout.lines[1]!.baseline).toBeGreaterThan(layout.lines[0]!.baseline);
  });

  it('sets cinematic captions in tracked caps and ugc captions as written', () => {
    // Act
    const cinematic = layoutCaption(['Slow down'], 'cinematic', true);
    const ugc = layoutCaption(['Slow down'], 'ugc', true);

    // Assess
    expect(cinematic.lines[0]!.text).toBe(letterSpaced('SLOW DOWN'));
    expect(ugc.lines[0]!.text).toBe('Slow down');
  });

  it('puts ugc captions in the lower third and direct-response captions above the middle', () => {
    // Act
    const ugc = layoutCaption(['One line'], 'ugc', true);
    const directResponse = layoutCaption(['One line'], 'direct-response', true);

    // Assess
    expect(ugc.lines[0]!.baseline).toBeGreaterThan(850);
    expect(directResponse.lines[0]!.baseline).toBeLessThan(640);
  });

  it('drops empty lines and control characters', () => {
    // Act
    const layout = layoutCaption(['', 'Tab\there\u0000'], 'ugc', true);

    // Assess
    expect(layout.lines.map((line) => line.text)).toEqual(['Tab here']);
  });
});

describe('end card layout', () => {
  const longCard = {
    title: 'The Wonderful Mountain Workshop Co.',
    subtitle: 'Handmade walnut and maple furniture, built to last a hundred years',
    domain: 'www.wonderfulmountainworkshop.com',
    cta: 'Claim 20% off your order',
  };

  for (const style of styles) {
    it(`keeps every ${style} end-card line inside the safe zone, even with the longest texts`, () => {
      // Act
      const lines = layoutEndCard({ endCard: longCard, palette, style });

      // Assess: the button can grow by its 4 % pulse.
      for (const line of lines) {
        const drawnSize = line.boxColor ? line.fontSize * 1.04 : line.fontSize;
        expectInsideSafeZone(extentOf(line.text, drawnSize, line.baseline, line.padding, line.weight));
      }
    });
  }

  it('stacks title, subtitle, button and domain from top to bottom', () => {
    // Act
    const lines = layoutEndCard({
      endCard: {
        title: 'Bean & Bloom',
        subtitle: 'Roasted the day they ship',
        domain: 'beanandbloom.com',
        cta: 'Shop now',
      },
      palette,
      style: 'direct-response',
    });

    // Assess
    expect(lines.map((line) => line.text)).toEqual([
      'Bean & Bloom',
      'Roasted the day they ship',
      'Shop now',
      'beanandbloom.com',
    ]);
    const baselines = lines.map((line) => line.baseline);
    expect(baselines).toEqual([...baselines].sort((a, b) => a - b));
    expect(lines[2]!.boxColor).toBe(palette.accent);
  });

  it('keeps the button text legible whatever the accent colour', () => {
    // Act
    const onYellow = layoutEndCard({ endCard: longCard, palette: { ...palette, accent: '#ffe600' }, style: 'ugc' });
    const onNavy = layoutEndCard({
      endCard: longCard,
      palette: { ...palette, accent: '#0b1f4d', text: '#0b1f4d' },
      style: 'ugc',
    });

    // Assess
    expect(onYellow.find((line) => line.boxColor)!.color).toBe('#111418');
    expect(onNavy.find((line) => line.boxColor)!.color).toBe('#ffffff');
  });
});

describe('text fitting', () => {
  it('wraps at the word boundary that balances the two lines', () => {
    expect(wrapText('Small-batch beans, roasted the day they ship', 30)).toEqual([
      'Small-batch beans,',
      'roasted the day they ship',
    ]);
    expect(wrapText('Short', 30)).toEqual(['Short']);
  });

  it('bounds width by glyph class, so wide glyphs count wider than narrow ones', () => {
    expect(estimateTextWidth('WWW', 100, 'bold')).toBeGreaterThan(estimateTextWidth('iii', 100, 'bold'));
    expect(estimateTextWidth('Hello', 100, 'bold')).toBeGreaterThan(estimateTextWidth('Hello', 100, 'regular'));
  });
});
