// Executions started before the storyboard shipped reach PlanRenders with the old ad script under
// `script`, and those started before the step was named WriteStoryboard carry their storyboard
// there too; they must still make an ad after the deploy.
import { describe, expect, it } from 'vitest';
import { carriedStoryboard } from '#generation/generation-state.ts';
import { framings, type Storyboard, storyboardVersion } from '#generation/storyboard/storyboard.ts';
import { storyboardOfState } from '#generation/storyboard/storyboard-of-state.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import type { WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { northwindFacts, northwindStoryboard } from '#tests/integration/support/ad-fixtures.ts';

const site: WebsiteAnalysis = { ...northwindFacts, source: 'site' };
const order = { website: 'https://northwind.coffee', style: 'cinematic' as const, duration_seconds: 8 as const };

/** The ad script the writing step returned before the storyboard existed (no `version`). */
const oldScript = {
  style: 'cinematic',
  durationSeconds: 8,
  scenes: [
    { startSeconds: 0, endSeconds: 2, kind: 'hook', caption: ['Roasted the day it ships'] },
    { startSeconds: 2, endSeconds: 5, kind: 'benefit', caption: ['Free shipping over $30'] },
    { startSeconds: 5, endSeconds: 8, kind: 'cta', caption: ['Shop Northwind Coffee'] },
  ],
  cta: 'Shop Northwind Coffee',
  endCard: { title: 'Northwind Coffee', subtitle: 'Roasted to order', domain: 'northwind.coffee' },
  voice: 'brand',
  palette: { primary: '#7a3e1d', accent: '#e8c170', text: '#ffffff' },
};

describe('the storyboard an execution carries', () => {
  it('is read under `storyboard`, where WriteStoryboard puts it', async () => {
    // Prepare
    const storyboard = await northwindStoryboard('ugc', 12, 'photo.jpg');

    // Act
    const carried = carriedStoryboard({ storyboard });

    // Assess
    expect(carried).toBe(storyboard);
  });

  it('is read under `script` in an execution started before the step was renamed', async () => {
    // Prepare
    const storyboard = await northwindStoryboard('ugc', 12, 'photo.jpg');

    // Act
    const carried = carriedStoryboard({ script: storyboard });

    // Assess
    expect(carried).toBe(storyboard);
  });

  it('passes a storyboard through unchanged', async () => {
    // Prepare
    const storyboard = await northwindStoryboard('ugc', 12, 'photo.jpg');

    // Act
    const carried = await storyboardOfState(storyboard, site, { ...order, style: 'ugc', duration_seconds: 12 });

    // Assess
    expect(carried).toEqual(storyboard);
  });

  it('reads the shots of a storyboard written before their `layout` field was named `framing`', async () => {
    // Prepare
    const storyboard = await northwindStoryboard('ugc', 12, 'photo.jpg');
    const written = JSON.parse(JSON.stringify(storyboard).replaceAll('"framing":', '"layout":'));
    const shotsOf = (board: Storyboard) => [
      ...board.scenes.flatMap((scene) => scene.shots),
      ...(board.openings ?? []).flatMap((opening) => opening.shots),
    ];

    // Act
    const carried = await storyboardOfState(written, site, { ...order, style: 'ugc', duration_seconds: 12 });

    // Assess
    expect(JSON.stringify(written)).not.toContain('"framing"');
    expect(shotsOf(carried).map((shot) => shot.framing)).toEqual(shotsOf(storyboard).map((shot) => shot.framing));
    for (const shot of shotsOf(carried)) expect(framings).toContain(shot.framing);
    expect(carried).toEqual(storyboard);
  });

  it("writes an old script's storyboard again from the same site facts and the order", async () => {
    // Act
    const carried = await storyboardOfState(oldScript, site, { ...order, image_key: 'photo.jpg' });

    // Assess
    expect(storyboardSchema.safeParse(carried).success).toBe(true);
    expect(carried).toMatchObject({ style: 'cinematic', durationSeconds: 8, writer: 'template' });
    expect(carried.brand).toEqual({ name: 'Northwind Coffee', domain: 'northwind.coffee' });
    expect(carried.assets[0]).toMatchObject({ id: 'upload', source: 'upload', key: 'photo.jpg' });
  });

  it('reads a version 2 storyboard stored before the deploy as version 3 with no product', async () => {
    // Prepare: version 2 had neither `product` nor the end card's `offer`.
    const { product: _product, ...current } = await northwindStoryboard('cinematic', 8);
    const { offer: _offer, ...endCard } = current.endCard;
    const stored = { ...current, version: 2, endCard };

    // Act
    const carried = await storyboardOfState(stored, site, order);

    // Assess
    expect(carried).toEqual({ ...stored, version: storyboardVersion, product: null });
  });

  it('writes a version 2 storyboard whose scenes no longer fit the scene plans again from the site facts', async () => {
    // Prepare: version 2's 8 s cinematic plan opened on a 1.5 s hook.
    const current = await northwindStoryboard('cinematic', 8);
    const scenes = current.scenes.map((scene, index) =>
      index === 0 ? { ...scene, endSeconds: 1.5 } : index === 1 ? { ...scene, startSeconds: 1.5 } : scene,
    );
    const stored = { ...current, version: 2, product: undefined, scenes };

    // Act
    const carried = await storyboardOfState(stored, site, order);

    // Assess
    expect(carried).toEqual(current);
  });

  it('refuses a storyboard that claims the current version but breaks the schema', async () => {
    const storyboard = await northwindStoryboard('cinematic', 8);
    await expect(storyboardOfState({ ...storyboard, scenes: [] }, site, order)).rejects.toThrow();
  });
});
