// Openings to A/B test (storyboard/openings.ts): the template writer gives, beside its own hook, up
// to two more openings from other rungs of the hook ladder, each from a fact of the site's that the
// body does not say, else from its copy (storyboard/copy-openings.ts: the headline asked as a
// question, the name reveal); `withOpening` makes each a whole storyboard that differs from the
// others only in its first scene and passes every check the main one passes.
import { describe, expect, it } from 'vitest';
import { withOpening as withSeenHook } from '#generation/preview/preview-reuse.ts';
import { sameFact } from '#generation/storyboard/fact-pool.ts';
import { extraOpenings, openingName, openingsOf, withOpening } from '#generation/storyboard/openings.ts';
import { siteCopy } from '#generation/storyboard/site-copy.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { paceProblems, storyboardProblems } from '#generation/storyboard/storyboard-checks.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { predictVoice, voiceFits } from '#generation/storyboard/voice-fit.ts';
import type { StoryboardInput } from '#generation/storyboard/writer.ts';
import { styles } from '#shared/contract.ts';
import { packItems } from '#shared/delivery-pack.ts';
import { catTreats, coffeeRoaster, motorcycleGarage, nameOnly } from '#tests/unit/fixtures/ad-copy-sites.ts';
import { siteFactsOf } from '#tests/unit/fixtures/sites.ts';

const uploadKey = '0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
const write = (site: StoryboardInput['site'], style: Storyboard['style'], durationSeconds: 4 | 8 | 12) =>
  writeTemplateStoryboard({ site, order: { style, durationSeconds, uploadKey } });

const sites = [
  ['coffeeRoaster', coffeeRoaster],
  ['catTreats', catTreats],
  ['motorcycleGarage', motorcycleGarage],
  ['saas', siteFactsOf('saas')],
  ['plumber', siteFactsOf('plumber')],
] as const;
const everyAd = sites.flatMap(([name, site]) =>
  styles.flatMap((style) => ([4, 8, 12] as const).map((duration) => ({ name, site, style, duration }))),
);

describe('the openings of an ad', () => {
  it('gives a roaster’s 8 s direct-response ad three openings, each on another rung, named so a buyer tells them apart', () => {
    // Act
    const storyboard = write(coffeeRoaster, 'direct-response', 8);

    // Assess
    const openings = openingsOf(storyboard);
    expect(openings.map(openingName)).toEqual([
      'Opening A — the headline',
      'Opening B — the rating',
      'Opening C — the number',
    ]);
    expect(openings.map((opening) => opening.text.join(' '))).toEqual([
      'Coffee roasted the day it ships',
      '4.8 stars from 212 reviews',
      'Shipped within 24 hours',
    ]);
    expect(openings.map((opening) => opening.voiceLine)).toEqual([
      'Coffee roasted the day it ships!',
      'Rated 4.8 stars!',
      'Shipped within 24 hours!',
    ]);
    // The pack renders the other two at 1080x1920, under their names (shared/delivery-pack.ts).
    expect(packItems(['vertical-720', 'vertical'], extraOpenings(storyboard))).toEqual([
      { format: 'vertical' },
      { format: 'vertical', opening: 'B', openingName: 'Opening B — the rating' },
      { format: 'vertical', opening: 'C', openingName: 'Opening C — the number' },
    ]);
  });

  it.each(everyAd)(
    '$name, $style, $duration s: every opening is the same ad but its first scene, and passes every check',
    ({ site, style, duration }) => {
      // Prepare
      const storyboard = write(site, style, duration);
      const copy = siteCopy(site);

      // Act
      const variants = openingsOf(storyboard).map((opening) => ({ opening, ad: withOpening(storyboard, opening.id) }));

      // Assess
      expect(new Set(variants.map(({ opening }) => opening.rung)).size).toBe(variants.length);
      for (const { opening, ad } of variants) {
        expect(storyboardSchema.safeParse(ad).success).toBe(true);
        expect(ad.openings).toBeUndefined();
        // An alternative passes what the writer holds its own hook to (opening A is the storyboard
        // itself): it adds no problem to those of A, whose body it shares.
        if (opening.id !== 'A') {
          const own = withOpening(storyboard, 'A');
          expect(storyboardProblems(ad, copy), opening.id).toEqual(storyboardProblems(own, copy));
          expect(paceProblems(ad), opening.id).toEqual(paceProblems(own));
          const predicted = predictVoice(
            ad,
            ad.scenes.map((scene) => scene.voiceLine),
          );
          expect(voiceFits(predicted), opening.id).toBe(true);
        }
        expect(ad.scenes[0]).toMatchObject({ text: opening.text, voiceLine: opening.voiceLine, shots: opening.shots });
        expect(ad.scenes.slice(1)).toEqual(storyboard.scenes.slice(1));
        expect(ad.endCard).toEqual(storyboard.endCard);
        expect({ ...ad.scenes[0], text: [], voiceLine: '', emphasis: '', callout: '' }).toEqual({
          ...storyboard.scenes[0],
          text: [],
          voiceLine: '',
          emphasis: '',
          callout: '',
        });
      }
      expect(variants.map(({ opening }) => opening.id)).toEqual(['A', 'B', 'C'].slice(0, variants.length));
    },
  );

  it('opens only on what the body does not show, never on a list', () => {
    // Act
    const ads = everyAd.map(({ site, style, duration }) => write(site, style, duration));

    // Assess
    const alternatives = ads.flatMap((storyboard) =>
      openingsOf(storyboard)
        .slice(1)
        .map((opening) => ({ opening, storyboard })),
    );
    expect(alternatives.length).toBeGreaterThanOrEqual(12);
    expect(ads.filter((storyboard) => openingsOf(storyboard).length === 3).length).toBeGreaterThanOrEqual(4);
    for (const { opening, storyboard } of alternatives) {
      expect(opening.rung).not.toBe('list');
      const shown = opening.text.join(' ');
      for (const scene of storyboard.scenes.slice(1, -1)) expect(sameFact(shown, scene.text.join(' '))).toBe(false);
      expect(opening.voiceLine).not.toMatch(/^(and|or|but|plus|also)\b/i);
    }
  });

  it('keeps opening A the storyboard itself', () => {
    // Prepare
    const storyboard = write(coffeeRoaster, 'cinematic', 8);

    // Act
    const own = withOpening(storyboard, 'A');

    // Assess
    const { openings: _openings, ...rest } = storyboard;
    expect(own).toEqual(rest);
  });

  it('gives a site that said nothing but its name one opening, and refuses to render one it does not have', () => {
    // Act
    const storyboard = write(nameOnly, 'ugc', 8);

    // Assess
    expect(openingsOf(storyboard)).toHaveLength(1);
    expect(() => withOpening(storyboard, 'B')).toThrow('The storyboard has no opening B');
  });

  it('refuses openings whose A is not the hook scene, or two on one rung', () => {
    // Prepare
    const storyboard = write(coffeeRoaster, 'direct-response', 8);
    const [own, other] = storyboard.openings!;

    // Act
    const notOwn = storyboardSchema.safeParse({
      ...storyboard,
      openings: [{ ...own!, voiceLine: 'Something else entirely.' }, other],
    });
    const sameRung = storyboardSchema.safeParse({ ...storyboard, openings: [own, { ...other!, rung: own!.rung }] });

    // Assess
    expect(notOwn.success).toBe(false);
    expect(JSON.stringify(notOwn.error?.issues)).toContain("opening A is the storyboard's own hook scene");
    expect(sameRung.success).toBe(false);
    expect(JSON.stringify(sameRung.error?.issues)).toContain('each opening stands on another rung of the hook ladder');
  });

  it('makes the hook the buyer saw in the preview opening A, and drops an alternative on the same fact', () => {
    // Prepare: the preview showed the rating, which this storyboard holds as opening B.
    const written = write(coffeeRoaster, 'direct-response', 8);
    const seen = { text: ['4.8 stars from 212 reviews'], voiceLine: 'Rated 4.8 stars!', emphasis: '4.8' };

    // Act
    const opened = withSeenHook(written, seen);

    // Assess
    expect(opened).not.toBeNull();
    expect(openingsOf(opened!).map((opening) => [opening.id, opening.text.join(' ')])).toEqual([
      ['A', '4.8 stars from 212 reviews'],
      ['B', 'Shipped within 24 hours'],
    ]);
    expect(withOpening(opened!, 'A').scenes[0]).toMatchObject(seen);
  });
});
