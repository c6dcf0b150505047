// The shape of a scene plan and the timing rules every style shares. Each style
// spends each length its own way (its `plan` and `pace`, styles/<style>.ts); writers fill those
// slots with words and visuals, and the storyboard schema checks every storyboard against them.

export const sceneRoles = ['hook', 'benefit', 'proof', 'offer', 'cta'] as const;
export type SceneRole = (typeof sceneRoles)[number];

export interface PlannedScene {
  role: SceneRole;
  seconds: number;
  /** Back-to-back shots inside the scene: a cut between each. */
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
  /** The hook is one whole line, said while it shows: the first 2.5 s at most (a short ad's hook holds its first 0–2 s). */
  hookMaxSeconds: 2.5,
  /**
   * The end card (the CTA scene) is at most this share of the ad: a 4 s ad's card holds 1.4 s, since
   * no other scene may hold one fact for more than a third of the ad.
   */
  endCardMaxShare: 0.35,
  /**
   * How far a voice line may run past its scene's end, into the next (a J-cut,
   * compose/voice-track.ts); the end card's line cannot, since the ad ends there.
   */
  lineSpillSeconds: 0.3,
  /** The longest silence the voice may leave, except the one beat before the end card's line. */
  maxVoiceGapSeconds: 0.5,
  /** No fact may be on screen for more than this share of the ad (the end card's offer aside). */
  factMaxShare: 1 / 3,
} as const;

/** A planned scene: its role, its seconds, the shots it holds (one: no cut inside it) and its view. */
export const scene = (role: SceneRole, seconds: number, shots = 1, view?: PlannedScene['view']): PlannedScene => ({
  role,
  seconds,
  shots,
  ...(view ? { view } : {}),
});
