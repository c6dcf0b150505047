// How each style spends each length (issue 14 §6, ad-craft.md §6): the scenes in order, how long
// each lasts and how many shots (cuts) it holds. Writers fill these slots with words and visuals;
// the storyboard schema checks every storyboard against its plan. Change the look of a style here.
import type { Style } from '#shared/contract.ts';

export const sceneRoles = ['hook', 'benefit', 'proof', 'offer', 'cta'] as const;
export type SceneRole = (typeof sceneRoles)[number];

export type AdDuration = 4 | 8 | 12;
export const adDurations: readonly AdDuration[] = [4, 8, 12];

export interface PlannedScene {
  role: SceneRole;
  seconds: number;
  /** Back-to-back shots inside the scene: a cut between each (direct-response cuts within scenes). */
  shots: number;
  /**
   * A view the scene shows instead of photos when the storyboard can draw it: `site-scroll`, the
   * shop's page scrolled on a phone (its shots then continue one scroll). Without it, photos as usual.
   */
  view?: 'site-scroll';
}

/** The roles a body slot may take: the plan names the preferred one; a writer may swap it for
 * another body role (no offer on the site → a second benefit or a proof, never an invented offer). */
export const bodyRoles: readonly SceneRole[] = ['benefit', 'proof', 'offer'];

export const pacing = {
  /** The hook is one whole line, said while it shows: the first 2.5 s at most (ad-craft.md §6: hook 0–2 s). */
  hookMaxSeconds: 2.5,
  /**
   * The end card (the CTA scene) is at most this share of the ad: a 4 s ad's card holds 1.4 s, since
   * no other scene may hold one fact for more than a third of the ad.
   */
  endCardMaxShare: 0.35,
  /**
   * Heard words a second each style's voice says (numbers and domains read out,
   * storyboard/spoken-words.ts): a calm narrator, a hard sell, a customer talking (ad-craft.md §4).
   * Writers fill every scene to this pace, the schema caps every line at it, and the voice speaks
   * at it: the one place these numbers live.
   */
  wordsPerSecond: {
    cinematic: { min: 2.0, max: 2.4 },
    'direct-response': { min: 2.6, max: 3.0 },
    ugc: { min: 2.4, max: 2.8 },
  } satisfies Record<Style, { min: number; max: number }>,
  /**
   * How far a voice line may run past its scene's end, into the next (a J-cut,
   * compose/voice-track.ts); the end card's line cannot, since the ad ends there.
   */
  lineSpillSeconds: 0.3,
  /** The longest silence the voice may leave, except the one beat before the end card's line. */
  maxVoiceGapSeconds: 0.5,
  /** No fact may be on screen for more than this share of the ad (the end card's offer aside). */
  factMaxShare: 1 / 3,
  /** Direct-response cuts every 0.8–1.5 s (issue 14 §6). */
  directResponseShotSeconds: { min: 0.8, max: 1.5 },
} as const;

const scene = (role: SceneRole, seconds: number, shots = 1, view?: PlannedScene['view']): PlannedScene => ({
  role,
  seconds,
  shots,
  ...(view ? { view } : {}),
});

/**
 * Hook / body / CTA per length: 4 s → 1/1/1, 8 s → 1/2/1, 12 s → 1/3/1. The hook lasts as long as a
 * whole line takes to say (2–2.5 s; 1.3 s in a 4 s ad, where no scene but the end card may hold a
 * third of it); every other scene under a third of the ad. The styles differ in their cuts:
 * cinematic holds one slow shot per scene, direct-response cuts every 1–1.3 s, UGC jump-cuts like
 * a phone video.
 */
export const scenePlans: Record<Style, Record<AdDuration, readonly PlannedScene[]>> = {
  cinematic: {
    4: [scene('hook', 1.3), scene('benefit', 1.3), scene('cta', 1.4)],
    8: [scene('hook', 2), scene('benefit', 2.2), scene('offer', 2), scene('cta', 1.8)],
    12: [scene('hook', 2.5), scene('benefit', 2.7), scene('proof', 2.5), scene('offer', 2.3), scene('cta', 2)],
  },
  'direct-response': {
    4: [scene('hook', 1.3), scene('benefit', 1.3), scene('cta', 1.4)],
    8: [scene('hook', 2, 2), scene('benefit', 2.2, 2), scene('offer', 2, 2), scene('cta', 1.8)],
    12: [
      scene('hook', 2.5, 2),
      scene('benefit', 2.7, 2),
      scene('proof', 2.5, 2),
      scene('offer', 2.3, 2),
      scene('cta', 2),
    ],
  },
  // UGC: after the hook, the shop's own page scrolled on a phone, as a creator shows where they found it.
  ugc: {
    4: [scene('hook', 1.3), scene('benefit', 1.3), scene('cta', 1.4)],
    8: [scene('hook', 2, 2), scene('benefit', 2.2, 2, 'site-scroll'), scene('offer', 2), scene('cta', 1.8)],
    12: [
      scene('hook', 2.5, 2),
      scene('benefit', 2.7, 2, 'site-scroll'),
      scene('proof', 2.5, 2),
      scene('offer', 2.3),
      scene('cta', 2),
    ],
  },
};
