// What the renderer draws, second by second (DESIGN §5 step 2): scenes that tile the ad exactly,
// captions a viewer can read in the time they are on screen, the end card and the colours. Any
// copywriter, template or LLM, must produce this shape, so the rules are checked here.
import * as z from 'zod';
import { type DurationChoice, durationChoices, type Style, styles } from '#shared/contract';

/** 4 | 8 | 12, from the durations the order form offers. */
export type AdDuration = DurationChoice extends `${infer Seconds extends number}` ? Seconds : never;
export const adDurations = durationChoices.map(Number) as AdDuration[];

export const captionRules = {
  maxCharsPerLine: 32,
  maxLines: 2,
  /** A comfortable reading pace for burned-in captions. */
  wordsPerSecond: 2.5,
  /** A line needs about a second on screen to be read. */
  secondsPerLine: 1,
  /** The hook must land before a thumb scrolls past. */
  hookEndsBySeconds: 2,
} as const;

export const sceneKinds = ['hook', 'benefit', 'offer', 'cta'] as const;
export type SceneKind = (typeof sceneKinds)[number];

/** How many words and lines a scene of this length can carry. */
export function captionBudget(seconds: number): { maxWords: number; maxLines: number } {
  return {
    maxWords: Math.floor(seconds * captionRules.wordsPerSecond),
    maxLines: Math.min(captionRules.maxLines, Math.floor(seconds / captionRules.secondsPerLine)),
  };
}

/** Benefit scenes each duration allows; an offer only in a 12 s direct-response ad. */
const sceneShapes: Record<AdDuration, { minBenefits: number; maxBenefits: number }> = {
  4: { minBenefits: 0, maxBenefits: 0 },
  8: { minBenefits: 1, maxBenefits: 2 },
  12: { minBenefits: 2, maxBenefits: 3 },
};

export function allowsOffer(style: Style, durationSeconds: AdDuration): boolean {
  return style === 'direct-response' && durationSeconds === 12;
}

// Scene times come from sums of halves or LLM arithmetic; a microsecond is not a gap.
const timeTolerance = 1e-6;
const hexColor = z.string().regex(/^#[0-9a-f]{6}$/);
const line = (max: number) => z.string().max(max);

const sceneSchema = z
  .object({
    startSeconds: z.number().min(0),
    endSeconds: z.number().positive(),
    kind: z.enum(sceneKinds),
    caption: z.array(line(captionRules.maxCharsPerLine).min(1)).min(1).max(captionRules.maxLines),
    /** A word or phrase of the caption drawn in the accent colour. */
    emphasis: z.string().min(1).optional(),
  })
  .superRefine((scene, ctx) => {
    const seconds = scene.endSeconds - scene.startSeconds;
    if (seconds <= 0) {
      ctx.addIssue({ code: 'custom', path: ['endSeconds'], message: 'a scene must end after it starts' });
      return;
    }
    const budget = captionBudget(seconds + timeTolerance);
    if (scene.caption.length > budget.maxLines) {
      ctx.addIssue({ code: 'custom', path: ['caption'], message: `${seconds} s is too short for this many lines` });
    }
    const words = scene.caption.join(' ').split(/\s+/).filter(Boolean).length;
    if (words > budget.maxWords) {
      ctx.addIssue({ code: 'custom', path: ['caption'], message: `${words} words cannot be read in ${seconds} s` });
    }
    if (scene.emphasis && !scene.caption.join(' ').includes(scene.emphasis)) {
      ctx.addIssue({ code: 'custom', path: ['emphasis'], message: 'the emphasis must be part of the caption' });
    }
  });

export const adScriptSchema = z
  .object({
    style: z.enum(styles),
    durationSeconds: z.literal(adDurations),
    scenes: z.array(sceneSchema).min(2),
    cta: line(captionRules.maxCharsPerLine).min(1),
    endCard: z.object({
      title: line(captionRules.maxCharsPerLine).min(1),
      subtitle: line(captionRules.maxCharsPerLine),
      domain: line(48),
    }),
    voice: z.enum(['first-person', 'brand']),
    palette: z.object({ primary: hexColor, accent: hexColor, text: hexColor }),
  })
  .superRefine((script, ctx) => {
    const { scenes } = script;
    scenes.forEach((scene, index) => {
      const expectedStart = index === 0 ? 0 : scenes[index - 1]!.endSeconds;
      if (Math.abs(scene.startSeconds - expectedStart) > timeTolerance) {
        ctx.addIssue({ code: 'custom', path: ['scenes', index, 'startSeconds'], message: `must be ${expectedStart}` });
      }
    });
    if (Math.abs(scenes.at(-1)!.endSeconds - script.durationSeconds) > timeTolerance) {
      ctx.addIssue({ code: 'custom', path: ['scenes'], message: `scenes must end at ${script.durationSeconds} s` });
    }
    if (scenes[0]!.endSeconds > captionRules.hookEndsBySeconds + timeTolerance) {
      ctx.addIssue({ code: 'custom', path: ['scenes', 0], message: 'the hook must end by 2 s' });
    }
    const { minBenefits, maxBenefits } = sceneShapes[script.durationSeconds];
    const offer = allowsOffer(script.style, script.durationSeconds) ? '( offer)?' : '';
    const order = new RegExp(`^hook( benefit){${minBenefits},${maxBenefits}}${offer} cta$`);
    if (!order.test(scenes.map((scene) => scene.kind).join(' '))) {
      const middle =
        maxBenefits === 0 ? '' : `, ${minBenefits}–${maxBenefits} benefits${offer ? ', an optional offer' : ''}`;
      ctx.addIssue({
        code: 'custom',
        path: ['scenes'],
        message: `a ${script.style} ad of ${script.durationSeconds} s is a hook${middle} and a CTA`,
      });
    }
  });

export type AdScript = z.infer<typeof adScriptSchema>;
export type AdScene = AdScript['scenes'][number];
