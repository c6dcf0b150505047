// The template writer's revision (storyboard/revise-storyboard.ts): each request it recognises
// changes version 1 the way the page says, version 2 passes every rule version 1 passed, and a
// request it cannot carry out is named with why, never silently dropped.
import { describe, expect, it } from 'vitest';
import { openingsOf } from '#generation/storyboard/openings.ts';
import { reviseStoryboard } from '#generation/storyboard/revise-storyboard.ts';
import { siteCopy } from '#generation/storyboard/site-copy.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { storyboardProblems } from '#generation/storyboard/storyboard-checks.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { catTreats, coffeeRoaster, motorcycleGarage } from '#tests/unit/fixtures/ad-copy-sites.ts';

const uploadKey = '0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
const newPhoto = '7c9e6679-7425-40de-944b-e07fc1f90ae7.png';
const version1 = (durationSeconds: 4 | 8 | 12 = 8, key: string | null = uploadKey) =>
  writeTemplateStoryboard({
    site: coffeeRoaster,
    order: { style: 'direct-response', durationSeconds, uploadKey: key },
  });
const shots = (board: Storyboard) => board.scenes.flatMap((scene) => scene.shots);

describe('the template writer’s revision', () => {
  it('opens with the ad’s opening B, the body unchanged', () => {
    // Prepare
    const before = version1();
    const openingB = openingsOf(before)[1]!;

    // Act
    const { storyboard, done, notDone } = reviseStoryboard(before, { requests: ['hook'] });

    // Assess
    expect(done).toEqual(['hook']);
    expect(notDone).toEqual([]);
    expect(storyboard.scenes[0]?.text).toEqual(openingB.text);
    expect(storyboard.scenes[0]?.voiceLine).toBe(openingB.voiceLine);
    expect(storyboard.scenes.slice(1)).toEqual(before.scenes.slice(1));
    expect(storyboard.openings).toBeUndefined();
  });

  it('says the price on the scene that sells it when the ad showed it but never said it', () => {
    // Prepare
    const before = writeTemplateStoryboard({
      site: motorcycleGarage,
      order: { style: 'direct-response', durationSeconds: 8, uploadKey },
    });
    const price = before.product?.price ?? '';
    const says = (board: Storyboard) => board.scenes.some((scene) => scene.voiceLine.includes(price));

    // Act
    const { storyboard, done } = reviseStoryboard(before, { requests: ['price'] });

    // Assess
    expect(price).not.toBe('');
    expect(says(before)).toBe(false);
    expect(done).toEqual(['price']);
    expect(says(storyboard)).toBe(true);
    expect(storyboard.scenes.filter((scene) => scene.voiceLine.includes(price))).toHaveLength(1);
  });

  it('says plainly when the ad already shows and says the price', () => {
    // Prepare
    const before = version1(12);

    // Act
    const { storyboard, done, notDone } = reviseStoryboard(before, { requests: ['price'] });

    // Assess
    expect(done).toEqual([]);
    expect(notDone).toEqual([
      { request: 'price', why: `your ad already shows and says the price (${before.product?.price})` },
    ]);
    expect(storyboard.scenes).toEqual(before.scenes);
  });

  it('makes the added photo the product image: the first asset, every product shot and the end card', () => {
    // Act
    const { storyboard, done } = reviseStoryboard(version1(), { requests: ['photo'], photoKey: newPhoto });

    // Assess
    expect(done).toEqual(['photo']);
    expect(storyboard.assets[0]).toEqual({ id: 'upload', source: 'upload', key: newPhoto });
    expect(storyboard.assets.filter((asset) => asset.key === uploadKey)).toEqual([]);
    const productShots = shots(storyboard).filter((shot) => shot.framing.startsWith('product-'));
    expect(productShots.length).toBeGreaterThan(0);
    expect(productShots.every((shot) => shot.asset === 'upload')).toBe(true);
    expect(storyboard.endCard.asset).toBe('upload');
  });

  it('puts an added photo in an ad that had none', () => {
    // Act
    const { storyboard } = reviseStoryboard(version1(8, null), { requests: ['photo'], photoKey: newPhoto });

    // Assess
    expect(storyboard.assets[0]?.key).toBe(newPhoto);
    expect(shots(storyboard).some((shot) => shot.asset === 'upload')).toBe(true);
  });

  it('moves the camera livelier for faster and gentler for calmer, the timing unchanged', () => {
    // Prepare
    const before = version1(12);

    // Act
    const faster = reviseStoryboard(before, { requests: ['faster'] }).storyboard;
    const calmer = reviseStoryboard(before, { requests: ['calmer'] }).storyboard;

    // Assess
    const motions = (board: Storyboard) => shots(board).map((shot) => shot.motion);
    const lively = (board: Storyboard) => motions(board).filter((m) => m === 'handheld' || m.startsWith('pan')).length;
    const still = (board: Storyboard) => motions(board).filter((m) => m === 'static' || m === 'pull-out').length;
    expect(motions(faster)).not.toEqual(motions(before));
    expect(lively(faster)).toBeGreaterThanOrEqual(lively(before));
    expect(motions(faster).filter((m) => m === 'static')).toEqual([]);
    expect(motions(calmer).filter((m) => m === 'handheld' || m.startsWith('pan'))).toEqual([]);
    expect(still(calmer)).toBeGreaterThanOrEqual(still(before));
    expect(shots(faster).map((shot) => shot.seconds)).toEqual(shots(before).map((shot) => shot.seconds));
  });

  it('carries out several requests at once, and version 2 passes every rule version 1 passed', () => {
    // Prepare
    const before = version1(12);

    // Act
    const { storyboard, done, notDone } = reviseStoryboard(before, {
      requests: ['price', 'photo', 'hook', 'faster'],
      photoKey: newPhoto,
    });

    // Assess
    expect(done.sort()).toEqual(['faster', 'hook', 'photo']);
    // This ad already showed and said its price.
    expect(notDone.map(({ request }) => request)).toEqual(['price']);
    expect(storyboardSchema.safeParse(storyboard).success).toBe(true);
    expect(storyboardProblems(storyboard, siteCopy(coffeeRoaster))).toEqual(
      storyboardProblems({ ...before, openings: undefined }, siteCopy(coffeeRoaster)),
    );
    expect(storyboard.durationSeconds).toBe(before.durationSeconds);
    expect(storyboard.style).toBe(before.style);
    expect(storyboard.endCard.domain).toBe(before.endCard.domain);
  });

  it('names what it cannot do: no price on the site, no photo added', () => {
    // Prepare
    const noPrice = {
      ...catTreats,
      products: (catTreats.products ?? []).map(({ price: _price, ...product }) => product),
      prices: [],
    };
    const before = writeTemplateStoryboard({ site: noPrice, order: { style: 'ugc', durationSeconds: 8, uploadKey } });

    // Act
    const { done, notDone } = reviseStoryboard(before, { requests: ['price', 'photo'] });

    // Assess
    expect(done).toEqual([]);
    expect(notDone).toEqual([
      { request: 'price', why: 'your website shows no price for the product' },
      { request: 'photo', why: 'no photo was added' },
    ]);
  });
});
