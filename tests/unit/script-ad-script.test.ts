import { describe, expect, it } from 'vitest';
import { type AdScript, adScriptSchema } from '#generation/script/ad-script';

const validScript: AdScript = {
  style: 'direct-response',
  durationSeconds: 8,
  scenes: [
    { startSeconds: 0, endSeconds: 2, kind: 'hook', caption: ['Stop scrolling.', 'Meet Tasklane'] },
    { startSeconds: 2, endSeconds: 6, kind: 'benefit', caption: ['Plan a sprint in five minutes'], emphasis: 'sprint' },
    { startSeconds: 6, endSeconds: 8, kind: 'cta', caption: ['Get started today', 'tasklane.io'] },
  ],
  cta: 'Get started today',
  endCard: { title: 'Tasklane', subtitle: 'Get started today', domain: 'tasklane.io' },
  voice: 'brand',
  palette: { primary: '#dc2626', accent: '#fde047', text: '#ffffff' },
};

function withScenes(scenes: AdScript['scenes'], changes: Partial<AdScript> = {}): unknown {
  return { ...validScript, ...changes, scenes };
}

function issues(candidate: unknown): string[] {
  const result = adScriptSchema.safeParse(candidate);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const [hook, benefit, cta] = validScript.scenes as [
  AdScript['scenes'][number],
  AdScript['scenes'][number],
  AdScript['scenes'][number],
];

describe('the ad script contract', () => {
  it('accepts a script whose scenes tile the ad', () => {
    expect(issues(validScript)).toEqual([]);
  });

  it('refuses a gap between scenes', () => {
    expect(issues(withScenes([hook, { ...benefit, startSeconds: 2.5 }, cta]))).toEqual(['must be 2']);
  });

  it('refuses scenes that stop before the ad ends', () => {
    const shortBenefit = { ...benefit, endSeconds: 5 };

    expect(issues(withScenes([hook, shortBenefit, { ...cta, startSeconds: 5, endSeconds: 7 }]))).toEqual([
      'scenes must end at 8 s',
    ]);
  });

  it('refuses a hook that runs past 2 s', () => {
    const scenes = [{ ...hook, endSeconds: 3 }, { ...benefit, startSeconds: 3 }, cta];

    expect(issues(withScenes(scenes))).toEqual(['the hook must end by 2 s']);
  });

  it('refuses a caption line over 32 characters and a third line', () => {
    const tooWide = { ...benefit, caption: ['Plan a sprint in five minutes or less, really'] };
    const tooTall = { ...benefit, caption: ['One', 'Two', 'Three'] };

    expect(issues(withScenes([hook, tooWide, cta]))).toEqual(['Too big: expected string to have <=32 characters']);
    expect(issues(withScenes([hook, tooTall, cta]))).toContain('Too big: expected array to have <=2 items');
  });

  it('refuses more words than can be read in the time on screen', () => {
    const rushed = { ...hook, caption: ['Stop scrolling and look at', 'this right now'] };

    expect(issues(withScenes([rushed, benefit, cta]))).toEqual(['8 words cannot be read in 2 s']);
  });

  it('refuses an emphasis that is not in the caption', () => {
    expect(issues(withScenes([hook, { ...benefit, emphasis: 'cheap' }, cta]))).toEqual([
      'the emphasis must be part of the caption',
    ]);
  });

  it('refuses a benefit in a 4 s ad', () => {
    const scenes = [
      hook,
      { startSeconds: 2, endSeconds: 3, kind: 'benefit' as const, caption: ['Fast'] },
      { startSeconds: 3, endSeconds: 4, kind: 'cta' as const, caption: ['Go now'] },
    ];

    expect(issues(withScenes(scenes, { durationSeconds: 4 }))).toEqual([
      'a direct-response ad of 4 s is a hook and a CTA',
    ]);
  });

  it('refuses an offer anywhere but a 12 s direct-response ad', () => {
    const scenes = [hook, { ...benefit, kind: 'offer' as const }, cta];

    expect(issues(withScenes(scenes, { style: 'cinematic' }))).toEqual([
      'a cinematic ad of 8 s is a hook, 1–2 benefits and a CTA',
    ]);
    expect(issues(withScenes(scenes))).toEqual(['a direct-response ad of 8 s is a hook, 1–2 benefits and a CTA']);
  });

  it('refuses a duration the order form does not offer', () => {
    expect(issues({ ...validScript, durationSeconds: 10 })).toHaveLength(1);
  });
});
