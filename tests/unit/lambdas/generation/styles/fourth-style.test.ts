// The engine takes a style as data: a fourth style, defined here and added the way the registry
// says a style is added (its definition in the registry, its label in shared/contract.ts), is
// written, checked, laid out, scored and voiced with its own plan, pace, copy rules, colours, look,
// motion, music and voice — no engine module knows its name.
import { describe, expect, it, vi } from 'vitest';
import { layoutStoryboard } from '#generation/compose/layout.ts';
import { synthesizeBed } from '#generation/compose/music.ts';
import { schemeFor } from '#generation/compose/scheme.ts';
import { adHeardBudget, scenePlace, voiceBudget } from '#generation/storyboard/scene-words.ts';
import { spokenWordCount } from '#generation/storyboard/spoken-words.ts';
import { parseStoryboard } from '#generation/storyboard/storyboard-schema.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import type { StyleDefinition } from '#generation/styles/style-definition.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { targetPace, voiceFor } from '#generation/voice/style-voices.ts';
import { type Style, styles } from '#shared/contract.ts';
import { siteFactsOf } from '#tests/unit/fixtures/sites.ts';

const postcard = 'postcard' as Style;

const fourth = vi.hoisted(() => ({
  /** The fourth style: cinematic's definition with its own plan, pace, copy rules, look, motion, music and voice. */
  definitionFrom(base: StyleDefinition): StyleDefinition {
    const scene = (role: 'hook' | 'benefit' | 'proof' | 'offer' | 'cta', seconds: number, shots = 1) => ({
      role,
      seconds,
      shots,
    });
    return {
      ...base,
      plan: {
        4: [scene('hook', 1.2), scene('benefit', 1.4), scene('cta', 1.4)],
        8: [scene('hook', 1.8), scene('benefit', 2.4, 3), scene('offer', 2.2, 2), scene('cta', 1.6)],
        12: [
          scene('hook', 2.2),
          scene('benefit', 2.6, 2),
          scene('proof', 2.6, 2),
          scene('offer', 2.6, 2),
          scene('cta', 2),
        ],
      },
      pace: { min: 1.8, max: 2.2 },
      copy: {
        ...base.copy,
        persona: 'first-person',
        phoneElements: true,
        priceStamp: true,
        brief: 'Postcard: a note from somewhere worth going, written by hand.',
      },
      visuals: {
        motions: ['pan-left', 'pan-right'],
        endCardMotion: 'pull-out',
        productFraming: () => 'product-split',
        footageCamera: { shot: 'Sunlit postcard view, slow lateral pan, faded film colours', people: 'people' },
      },
      look: {
        palette: { primary: '#1d4ed8', accent: '#fde047' },
        scheme: 'bold-poster',
        type: {
          ...base.look.type,
          headline: { ...base.look.type.headline, size: 50, minSize: 35 },
          dissolveSeconds: 0.25,
        },
        plate: 'banded-burst',
        blurTint: 'light',
        calloutTiltDeg: 4,
      },
      music: { ...base.music, bpm: 100, parts: vi.fn(base.music.parts) },
      voice: {
        polly: { engine: 'polly', voiceId: 'Joanna', pollyEngine: 'neural', rate: 0.95 },
        local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.8 },
      },
    };
  },
}));

// A new style's two lines outside its module: its label for the site, its line in the registry.
vi.mock('#shared/contract.ts', async (importOriginal) => {
  const contract = await importOriginal<typeof import('#shared/contract.ts')>();
  return {
    ...contract,
    styles: [...contract.styles, 'postcard'],
    styleLabels: { ...contract.styleLabels, postcard: 'Postcard' },
  };
});
vi.mock('#generation/styles/styles.ts', async (importOriginal) => {
  const registry = await importOriginal<typeof import('#generation/styles/styles.ts')>();
  const styleDefinitions = {
    ...registry.styleDefinitions,
    postcard: fourth.definitionFrom(registry.styleDefinitions.cinematic),
  };
  return { styleDefinitions, styleDefinition: (style: Style) => styleDefinitions[style] };
});

// A cat-treat shop with a product, its price and an offer, and no theme colour of its own.
const site = siteFactsOf('catTreats');

describe('a fourth style, given only as data', () => {
  const definition = styleDefinition(postcard);

  it('is one of the styles the order form offers', () => {
    expect(styles).toContain(postcard);
  });

  it.each([4, 8, 12] as const)('writes a %i s storyboard to its own plan, pace and copy rules', (durationSeconds) => {
    // Act
    const storyboard = writeTemplateStoryboard({ site, order: { style: postcard, durationSeconds } });

    // Assess
    const plan = definition.plan[durationSeconds];
    expect(storyboard.style).toBe(postcard);
    expect(storyboard.scenes.map((scene) => scene.endSeconds - scene.startSeconds)).toEqual(
      plan.map((planned) => expect.closeTo(planned.seconds, 6)),
    );
    expect(storyboard.scenes.map((scene) => scene.shots.length)).toEqual(plan.map((planned) => planned.shots));
    expect(storyboard.persona).toBe('first-person');
    expect(storyboard.palette).toMatchObject({ primary: '#1d4ed8', accent: '#fde047' });
    const story = storyboard.scenes.slice(0, -1).flatMap((scene) => scene.shots);
    expect(new Set(story.map((shot) => shot.motion))).toEqual(new Set(['pan-left', 'pan-right']));
    // Its product photos open beside the split field (cinematic opens on the product big).
    expect(storyboard.scenes[0]!.shots[0]!.framing).toBe('product-split');
    expect(storyboard.scenes.at(-1)!.shots[0]!.motion).toBe('pull-out');
    // Every line fits its scene at 2.2 heard words a second at most, and the whole ad its length.
    storyboard.scenes.forEach((scene, index) => {
      const budget = voiceBudget(postcard, plan[index]!.seconds, scenePlace(index, plan.length));
      expect(spokenWordCount(scene.voiceLine), scene.voiceLine).toBeLessThanOrEqual(budget.max);
      expect(budget.max).toBe(Math.floor((plan[index]!.seconds + (index < plan.length - 2 ? 0.3 : 0)) * 2.2 + 1e-6));
    });
    const heard = storyboard.scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
    expect(adHeardBudget(postcard, durationSeconds)).toBe(Math.floor(durationSeconds * 2.2 + 1e-6));
    expect(heard).toBeLessThanOrEqual(adHeardBudget(postcard, durationSeconds));
  });

  it('stamps the price beside its product, asks the viewer’s question and films footage with its camera', () => {
    // Act
    const storyboard = writeTemplateStoryboard({ site, order: { style: postcard, durationSeconds: 12 } });

    // Assess
    const product = storyboard.scenes.find((scene) => scene.callout);
    expect(product?.callout).toMatch(/^\$\d/);
    expect(product?.text.join(' ')).not.toContain(product!.callout!);
    expect(storyboard.scenes.some((scene) => scene.phoneElement)).toBe(true);
    const footage = storyboard.scenes.flatMap((scene) => (scene.footage ? [scene.footage.prompt] : []));
    expect(footage.length).toBeGreaterThan(0);
    for (const prompt of footage) expect(prompt).toMatch(/^Sunlit postcard view, slow lateral pan/);
  });

  it('holds storyboards to its plan in the schema', () => {
    // Prepare
    const storyboard = writeTemplateStoryboard({ site, order: { style: postcard, durationSeconds: 8 } });
    const cinematicTiming = styleDefinition('cinematic').plan[8];
    let start = 0;
    const retimed = storyboard.scenes.map((scene, index) => {
      const seconds = cinematicTiming[index]!.seconds;
      const shots = scene.shots.map((shot) => ({ ...shot, seconds: seconds / scene.shots.length }));
      const placed = { ...scene, startSeconds: start, endSeconds: start + seconds, shots };
      start += seconds;
      return placed;
    });

    // Act
    const own = parseStoryboard(storyboard);
    const other = parseStoryboard({ ...storyboard, scenes: retimed });

    // Assess
    expect('storyboard' in own).toBe(true);
    expect(other).toEqual({ problems: expect.arrayContaining(['scenes.0: the plan gives this scene 1.8 s']) });
  });

  it('lays the ad out in its own look, scheme, plate and callout tilt', () => {
    // Prepare
    const storyboard = writeTemplateStoryboard({ site, order: { style: postcard, durationSeconds: 12 } });
    const images = new Map(storyboard.assets.map((asset) => [asset.id, { width: 900, height: 900, opaque: true }]));

    // Act
    const layout = layoutStoryboard(storyboard, images, { safe: false });
    const safe = layoutStoryboard(storyboard, images, { safe: true });

    // Assess
    expect(layout.problems).toEqual([]);
    expect(layout.plate).toBe('banded-burst');
    expect(layout.blurTint).toBe('light');
    expect(layout.scheme).toEqual(schemeFor('bold-poster', storyboard.palette));
    expect(layout.look.headline.size).toBe(50);
    expect(layout.look.dissolveSeconds).toBe(0.25);
    const callouts = layout.scenes.flatMap((scene) => scene.texts.filter((text) => text.role === 'callout'));
    expect(callouts.length).toBeGreaterThan(0);
    for (const callout of callouts) expect(callout.rotateDeg).toBe(4);
    for (const callout of safe.scenes.flatMap((scene) => scene.texts.filter((text) => text.role === 'callout'))) {
      expect(callout.rotateDeg).toBe(0);
    }
  });

  it('is voiced with its own voices at its own pace, over its own music', () => {
    // Act
    const local = voiceFor(postcard, 'local');
    const polly = voiceFor(postcard, 'polly');
    const bed = synthesizeBed(definition.music, 2);

    // Assess
    expect(local).toEqual({
      engine: 'local',
      festivalVoice: 'voice_cmu_us_slt_arctic_hts',
      rate: 0.8,
      wordsPerSecond: { min: 1.8, max: 2.2 },
    });
    expect(polly).toMatchObject({ voiceId: 'Joanna', rate: 0.95, wordsPerSecond: { min: 1.8, max: 2.2 } });
    expect(targetPace(postcard)).toEqual({ min: 1.8, max: 2.2 });
    // Its arrangement is played at its own tempo: 100 bpm, a beat of 0.6 s.
    expect(definition.music.parts).toHaveBeenCalledWith(
      expect.objectContaining({ beat: 0.6, arrangement: definition.music }),
    );
    expect(bed.left.length).toBe(96_000);
  });
});
