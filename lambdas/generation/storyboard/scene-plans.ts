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
}

/** The roles a body slot may take: the plan names the preferred one; a writer may swap it for
 * another body role (no offer on the site → a second benefit or a proof, never an invented offer). */
export const bodyRoles: readonly SceneRole[] = ['benefit', 'proof', 'offer'];

export const pacing = {
  /** The hook lands before a thumb scrolls past (Google ABCD, TikTok: 50 % of impact in 2 s). */
  hookMaxSeconds: 1.5,
  /** The end card (the CTA scene) is at most this share of the ad. */
  endCardMaxShare: 0.25,
  /** Natural voice-over pace (ad-craft.md §4: 150 wpm average). */
  wordsPerSecond: { min: 2.3, max: 2.8 },
  /** Direct-response cuts every 0.8–1.5 s (issue 14 §6). */
  directResponseShotSeconds: { min: 0.8, max: 1.5 },
} as const;

const scene = (role: SceneRole, seconds: number, shots = 1): PlannedScene => ({ role, seconds, shots });

/**
 * Hook / body / CTA per length: 4 s → 1/1/1 (end card ≤ 1 s), 8 s → 1/2/1, 12 s → 1/3/1.
 * Cinematic holds few slow scenes (one body scene longer); direct-response cuts every ~1 s;
 * UGC jump-cuts every 1–2 s like a phone video.
 */
export const scenePlans: Record<Style, Record<AdDuration, readonly PlannedScene[]>> = {
  cinematic: {
    4: [scene('hook', 1.5), scene('benefit', 1.5), scene('cta', 1)],
    8: [scene('hook', 1.5), scene('benefit', 3.5), scene('offer', 1.5), scene('cta', 1.5)],
    12: [scene('hook', 1.5), scene('benefit', 4), scene('proof', 2.5), scene('offer', 2), scene('cta', 2)],
  },
  'direct-response': {
    4: [scene('hook', 1.2), scene('benefit', 1.8, 2), scene('cta', 1)],
    8: [scene('hook', 1.2), scene('benefit', 2.8, 2), scene('offer', 2.2, 2), scene('cta', 1.8)],
    12: [scene('hook', 1.2), scene('benefit', 3.6, 3), scene('proof', 2.4, 2), scene('offer', 2.8, 2), scene('cta', 2)],
  },
  ugc: {
    4: [scene('hook', 1.5), scene('benefit', 1.5), scene('cta', 1)],
    8: [scene('hook', 1.5), scene('benefit', 2.5, 2), scene('offer', 2), scene('cta', 2)],
    12: [scene('hook', 1.5), scene('benefit', 3.5, 2), scene('proof', 2.5, 2), scene('offer', 2.5), scene('cta', 2)],
  },
};
