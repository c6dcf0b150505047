// Openings to A/B test: the same ad with only its first scene — the hook's line, its on-screen text
// and what is on frame 0 — replaced by another rung of the hook ladder (fact-pool.ts). The body,
// the end card and the music stay; a buyer runs the openings side by side and keeps the one whose
// first two seconds hold the feed. Data in the storyboard (`openings`), made into a whole storyboard
// by `withOpening`, which the renderer renders like any other.
import { type Fact, sameFact } from './fact-pool.ts';
import { type HookRung, type OpeningId, openingIds, type Storyboard, type StoryboardScene } from './storyboard.ts';
import { storyboardSchema } from './storyboard-schema.ts';

export type Opening = NonNullable<Storyboard['openings']>[number];

/** The rung a fact stands on when it opens the ad. */
export function rungOf(fact: Fact): HookRung {
  switch (fact.kind) {
    case 'headline':
      return fact.text.trim().endsWith('?') ? 'question' : 'headline';
    case 'offer':
      return 'offer';
    case 'rating':
      return 'rating';
    case 'product':
      return 'price';
    case 'review':
      return 'review';
    case 'claim':
    case 'benefit':
      return 'number';
  }
}

const rungNames: Record<HookRung, string> = {
  question: 'the question',
  headline: 'the headline',
  offer: 'the offer',
  rating: 'the rating',
  price: 'the price',
  number: 'the number',
  review: 'a customer’s words',
  list: 'the list',
  name: 'the name',
};

/** How the buyer tells the openings apart: "Opening B — the question". */
export function openingName(opening: Pick<Opening, 'id' | 'rung'>): string {
  return `Opening ${opening.id} — ${rungNames[opening.rung]}`;
}

/** A hook scene's words and shots, as an opening. */
export function openingOf(scene: StoryboardScene, id: OpeningId, rung: HookRung): Opening {
  return {
    id,
    rung,
    text: scene.text,
    ...(scene.emphasis ? { emphasis: scene.emphasis } : {}),
    voiceLine: scene.voiceLine,
    ...(scene.callout ? { callout: scene.callout } : {}),
    shots: scene.shots,
  };
}

/** The openings of a storyboard: its `openings`, or its own hook scene alone when it has none. */
export function openingsOf(storyboard: Storyboard): Opening[] {
  return storyboard.openings ?? [openingOf(storyboard.scenes[0]!, 'A', 'name')];
}

/** The openings besides the ad's own, as the delivery pack renders them (shared/delivery-pack.ts). */
export function extraOpenings(storyboard: Storyboard): { id: OpeningId; name: string }[] {
  return openingsOf(storyboard)
    .slice(1)
    .map((opening) => ({ id: opening.id, name: openingName(opening) }));
}

/**
 * The storyboard with opening `id` in its first scene, as one ad: the rest unchanged, no openings
 * of its own (it is one of them). Throws when the storyboard has no such opening.
 */
export function withOpening(storyboard: Storyboard, id: OpeningId): Storyboard {
  const opening = openingsOf(storyboard).find((each) => each.id === id);
  if (!opening) throw new Error(`The storyboard has no opening ${id}`);
  const { openings: _openings, ...ad } = storyboard;
  const { emphasis: _emphasis, callout: _callout, ...hook } = storyboard.scenes[0]!;
  const scene: StoryboardScene = {
    ...hook,
    text: opening.text,
    ...(opening.emphasis ? { emphasis: opening.emphasis } : {}),
    voiceLine: opening.voiceLine,
    ...(opening.callout ? { callout: opening.callout } : {}),
    shots: opening.shots,
  };
  return storyboardSchema.parse({ ...ad, scenes: [scene, ...storyboard.scenes.slice(1)] });
}

/**
 * The openings once the first scene has become `scene` (the hook the buyer saw in the preview,
 * preview/preview-reuse.ts): A is that scene, on the rung A stood on (the preview's writer read
 * the same facts); an alternative that shows the same fact gives way, the rest keep their order.
 */
export function reopened(openings: readonly Opening[], scene: StoryboardScene): Opening[] {
  const shown = scene.text.join(' ');
  const others = openings.slice(1).filter((opening) => !sameFact(opening.text.join(' '), shown));
  return [
    openingOf(scene, 'A', openings[0]?.rung ?? 'name'),
    ...others.map((opening, index) => ({ ...opening, id: openingIds[index + 1]! })),
  ];
}
