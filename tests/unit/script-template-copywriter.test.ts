import { describe, expect, it } from 'vitest';
import { type AdScript, adDurations, captionBudget } from '#generation/script/ad-script';
import { contrastRatio } from '#generation/script/palette';
import { templateCopywriter, writeScriptFromTemplate } from '#generation/script/template-copywriter';
import type { SiteFacts } from '#generation/website/extract-site-facts';
import { styles } from '#shared/contract';

const shopFacts: SiteFacts = {
  businessName: 'Northwind Shoes',
  domain: 'northwind-shoes.com',
  headline: 'Trail Runner 2',
  description: 'A light trail shoe with grip for wet rock.',
  benefits: ['Vibram outsole that grips wet rock', 'Free shipping on orders over $50', 'Recycled mesh upper'],
  themeColor: '#10b981',
};

const saasFacts: SiteFacts = {
  businessName: 'Tasklane',
  domain: 'tasklane.io',
  headline: 'Ship projects on time, every time',
  description: 'Plan sprints, track work & ship on time — without the busywork.',
  benefits: ['Plan a sprint in five minutes', 'Automatic status reports', 'Works with Slack & GitHub out of the box'],
};

const emptyFacts: SiteFacts = { businessName: '', domain: '', headline: '', description: '', benefits: [] };

const everyAd = styles.flatMap((style) => adDurations.map((durationSeconds) => ({ style, durationSeconds })));
const factSets = { shop: shopFacts, saas: saasFacts, empty: emptyFacts };

function captionText(script: AdScript): string {
  return script.scenes.map((scene) => scene.caption.join(' ')).join(' / ');
}

describe.each(Object.entries(factSets))('template scripts from %s facts', (_name, facts) => {
  it.each(everyAd)('$style $durationSeconds s: scenes tile the ad exactly and the hook ends by 2 s', (ad) => {
    // Act
    const script = writeScriptFromTemplate({ ...ad, facts });

    // Assess
    const { scenes } = script;
    expect(scenes[0]?.startSeconds).toBe(0);
    for (const [index, scene] of scenes.entries()) {
      expect(scene.endSeconds).toBeGreaterThan(scene.startSeconds);
      if (index > 0) expect(scene.startSeconds).toBe(scenes[index - 1]?.endSeconds);
    }
    expect(scenes.at(-1)?.endSeconds).toBe(ad.durationSeconds);
    expect(scenes[0]).toMatchObject({ kind: 'hook', endSeconds: expect.toBeOneOf([1, 1.5, 2]) });
    expect(scenes.at(-1)?.kind).toBe('cta');
  });

  it.each(everyAd)('$style $durationSeconds s: captions fit the frame and the time on screen', (ad) => {
    const script = writeScriptFromTemplate({ ...ad, facts });

    for (const scene of script.scenes) {
      const budget = captionBudget(scene.endSeconds - scene.startSeconds);
      expect(scene.caption.length).toBeGreaterThanOrEqual(1);
      expect(scene.caption.length).toBeLessThanOrEqual(Math.min(2, budget.maxLines));
      for (const line of scene.caption) expect(line.length).toBeLessThanOrEqual(32);
      expect(scene.caption.join(' ').split(' ').length).toBeLessThanOrEqual(budget.maxWords);
    }
    expect(captionText(script)).not.toMatch(/undefined|null|\s{2}/);
  });

  it.each(everyAd)('$style $durationSeconds s: the same input gives the same script', (ad) => {
    expect(writeScriptFromTemplate({ ...ad, facts })).toEqual(writeScriptFromTemplate({ ...ad, facts }));
  });
});

describe('what a template script says', () => {
  it('has a hook and a CTA at 4 s, up to 2 benefits at 8 s and up to 3 at 12 s', () => {
    const kinds = (durationSeconds: 4 | 8 | 12) =>
      writeScriptFromTemplate({ style: 'cinematic', durationSeconds, facts: saasFacts }).scenes.map((s) => s.kind);

    expect(kinds(4)).toEqual(['hook', 'cta']);
    expect(kinds(8)).toEqual(['hook', 'benefit', 'benefit', 'cta']);
    expect(kinds(12)).toEqual(['hook', 'benefit', 'benefit', 'benefit', 'cta']);
  });

  it('builds the middle scenes from the site benefits, shortened at a phrase boundary', () => {
    const script = writeScriptFromTemplate({ style: 'cinematic', durationSeconds: 12, facts: saasFacts });

    expect(script.scenes.filter((scene) => scene.kind === 'benefit').map((scene) => scene.caption.join(' '))).toEqual([
      'Plan a sprint in five minutes',
      'Automatic status reports',
      'Works with Slack & GitHub',
    ]);
  });

  it("names the business on the end card with its domain, the site's offer under it and the CTA", () => {
    const script = writeScriptFromTemplate({ style: 'direct-response', durationSeconds: 8, facts: shopFacts });

    expect(script.endCard).toEqual({
      title: 'Northwind Shoes',
      subtitle: 'Free shipping on orders over $50',
      domain: 'northwind-shoes.com',
    });
    expect(script.cta).toBe('Shop now');
    expect(script.scenes.at(-1)?.caption).toEqual(['Shop now', 'northwind-shoes.com']);
  });

  it("turns the site's own offer into the offer scene of a 12 s direct-response ad", () => {
    const script = writeScriptFromTemplate({ style: 'direct-response', durationSeconds: 12, facts: shopFacts });

    expect(script.scenes.map((scene) => scene.kind)).toEqual(['hook', 'benefit', 'benefit', 'offer', 'cta']);
    expect(script.scenes[3]?.caption.join(' ')).toBe('Free shipping on orders over $50');
  });

  it('uses generic urgency, never an invented price, when the site makes no offer', () => {
    const script = writeScriptFromTemplate({ style: 'direct-response', durationSeconds: 12, facts: saasFacts });

    expect(script.scenes[3]).toMatchObject({ kind: 'offer', caption: ["Don't wait. See it today"] });
    expect(JSON.stringify(script)).not.toMatch(/\$|%|free/i);
  });

  it('asks a shop to "Shop now" and a service to "Get started today"', () => {
    const shop = writeScriptFromTemplate({ style: 'direct-response', durationSeconds: 4, facts: shopFacts });
    const service = writeScriptFromTemplate({ style: 'direct-response', durationSeconds: 4, facts: saasFacts });

    expect([shop.cta, service.cta]).toEqual(['Shop now', 'Get started today']);
  });

  it('speaks in the first person and lower case for UGC, as the brand otherwise', () => {
    const ugc = writeScriptFromTemplate({ style: 'ugc', durationSeconds: 8, facts: saasFacts });
    const cinematic = writeScriptFromTemplate({ style: 'cinematic', durationSeconds: 8, facts: saasFacts });

    expect(ugc.voice).toBe('first-person');
    expect(ugc.scenes[0]?.caption).toEqual(['ok so I found Tasklane']);
    expect(ugc.scenes[1]?.caption.join(' ')).toBe('honestly automatic status reports');
    expect(cinematic.voice).toBe('brand');
  });

  it('opens a cinematic ad with the headline, cut to its first clause when it is too long', () => {
    const script = writeScriptFromTemplate({ style: 'cinematic', durationSeconds: 4, facts: saasFacts });

    expect(script.scenes[0]?.caption).toEqual(['Ship projects on time']);
  });

  it('does not repeat a fallback headline hook as the CTA', () => {
    const facts: SiteFacts = { ...emptyFacts, businessName: 'Acme', domain: 'acme.com', headline: 'Discover Acme' };

    const script = writeScriptFromTemplate({ style: 'cinematic', durationSeconds: 4, facts });

    expect(script.scenes.map((scene) => scene.caption)).toEqual([['Discover Acme'], ['Discover more', 'acme.com']]);
  });

  it('emphasises a word that is in the caption for direct-response, nothing for UGC', () => {
    const direct = writeScriptFromTemplate({ style: 'direct-response', durationSeconds: 12, facts: saasFacts });
    const ugc = writeScriptFromTemplate({ style: 'ugc', durationSeconds: 12, facts: saasFacts });

    for (const scene of direct.scenes.filter((s) => s.kind !== 'hook')) {
      expect(scene.caption.join(' ')).toContain(scene.emphasis);
    }
    expect(ugc.scenes.some((scene) => scene.emphasis)).toBe(false);
  });

  it('writes a complete ad from empty facts with generic lines', () => {
    const script = writeScriptFromTemplate({ style: 'ugc', durationSeconds: 8, facts: emptyFacts });

    expect(script.scenes.map((scene) => scene.caption)).toEqual([
      ['ok so I found this'],
      ["honestly didn't expect this"],
      ['go check it out'],
    ]);
    expect(script.endCard).toEqual({ title: 'go check it out', subtitle: '', domain: '' });
  });

  it('cuts only a word too long for a line, with an ellipsis, and drops emoji the font cannot draw', () => {
    const facts: SiteFacts = {
      ...emptyFacts,
      businessName: 'Supercalifragilisticexpialidociousness',
      domain: 'supercalifragilisticexpialidociousness.example',
      benefits: ['🚀 Launch in a day ✨'],
    };

    const script = writeScriptFromTemplate({ style: 'cinematic', durationSeconds: 8, facts });

    expect(script.scenes[1]?.caption).toEqual(['Launch in a day']);
    expect(script.scenes.at(-1)?.caption).toEqual(['Discover more', `${facts.domain.slice(0, 31)}…`]);
    expect(script.endCard.title).toBe('Supercalifragilisticexpialidoci…');
  });
});

describe('the colours of a template script', () => {
  it('uses the site theme colour with dark text when it is light', () => {
    const script = writeScriptFromTemplate({
      style: 'cinematic',
      durationSeconds: 4,
      facts: { ...saasFacts, themeColor: '#fef3c7' },
    });

    expect(script.palette.primary).toBe('#fef3c7');
    expect(script.palette.text).toBe('#000000');
  });

  it('keeps text and accent readable on the primary colour', () => {
    for (const themeColor of ['#10b981', '#1e3a8a', '#ffffff', '#000000', '#ff0000', '#777777']) {
      const { palette } = writeScriptFromTemplate({
        style: 'direct-response',
        durationSeconds: 4,
        facts: { ...shopFacts, themeColor },
      });

      expect(contrastRatio(palette.text, palette.primary)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.accent, palette.primary)).toBeGreaterThanOrEqual(3);
    }
  });

  it('falls back to the style colours when the site has none', () => {
    const script = writeScriptFromTemplate({ style: 'direct-response', durationSeconds: 4, facts: saasFacts });

    expect(script.palette).toEqual({ primary: '#dc2626', accent: '#fde047', text: '#ffffff' });
  });
});

describe('the template copywriter behind the Copywriter interface', () => {
  it('resolves to the same script as the template function', async () => {
    const input = { style: 'ugc', durationSeconds: 12, facts: shopFacts } as const;

    await expect(templateCopywriter.write(input)).resolves.toEqual(writeScriptFromTemplate(input));
  });
});
