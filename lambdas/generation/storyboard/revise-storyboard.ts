// The template writer's revision (shared/revision.ts): version 1's storyboard with the requests the
// note was read into applied, each by a fixed rule, and every request it could not apply named with
// the reason. Version 2 is one file, so it keeps no openings of its own; the website, the length,
// the style, the palette and the scene plan stay version 1's.
import type { RevisionRequestKind } from '#shared/revision.ts';
import { styleDefinition } from '../styles/styles.ts';
import { openingsOf, withOpening } from './openings.ts';
import { pacing } from './scene-plans.ts';
import {
  type Motion,
  type Storyboard,
  type StoryboardScene,
  type StoryboardShot,
  textLimits,
  wordsOf,
} from './storyboard.ts';
import { storyboardSchema } from './storyboard-schema.ts';

export interface RevisionOutcome {
  storyboard: Storyboard;
  /** The requests version 2 carries out. */
  done: RevisionRequestKind[];
  /** The requests it could not, each with why, in the buyer's words. */
  notDone: { request: RevisionRequestKind; why: string }[];
}

export interface RevisionAsk {
  requests: readonly RevisionRequestKind[];
  /** The photo added to the note (its key in the images bucket), for the `photo` request. */
  photoKey?: string;
}

/** Camera moves one step livelier (faster) or gentler (calmer); a scroll or an end card keeps its own. */
const livelier: Partial<Record<Motion, Motion>> = { static: 'push-in', 'pull-out': 'pan-left', 'push-in': 'handheld' };
const gentler: Partial<Record<Motion, Motion>> = {
  handheld: 'static',
  'pan-left': 'pull-out',
  'pan-right': 'pull-out',
};

export function reviseStoryboard(version1: Storyboard, ask: RevisionAsk): RevisionOutcome {
  const done: RevisionRequestKind[] = [];
  const notDone: RevisionOutcome['notDone'] = [];
  let board = version1;
  // Another hook first: it reads the openings, which the other changes leave behind.
  const requests = [...ask.requests].sort((a, b) => Number(b === 'hook') - Number(a === 'hook'));
  for (const request of requests) {
    const applied = apply(board, request, ask);
    if ('why' in applied) notDone.push({ request, why: applied.why });
    else {
      board = applied.storyboard;
      done.push(request);
    }
  }
  return { storyboard: withoutOpenings(board), done, notDone };
}

/** The storyboard as one ad: version 2 is one file, with no openings to A/B test. */
function withoutOpenings(board: Storyboard): Storyboard {
  const { openings: _openings, ...one } = board;
  return storyboardSchema.parse(one);
}

function apply(
  board: Storyboard,
  request: RevisionRequestKind,
  ask: RevisionAsk,
): { storyboard: Storyboard } | { why: string } {
  switch (request) {
    case 'hook':
      return anotherHook(board);
    case 'price':
      return sayThePrice(board);
    case 'photo':
      return ask.photoKey ? { storyboard: withAddedPhoto(board, ask.photoKey) } : { why: 'no photo was added' };
    case 'faster':
      return { storyboard: withMotions(board, livelier) };
    case 'calmer':
      return { storyboard: withMotions(board, gentler) };
  }
}

/** The ad's next opening (B), which the writer made from another fact of the site. */
function anotherHook(board: Storyboard): { storyboard: Storyboard } | { why: string } {
  const next = openingsOf(board)[1];
  if (!next) return { why: 'this ad has no other opening our writer could make from your website' };
  return { storyboard: withOpening(board, next.id) };
}

/**
 * The product's price stamped on the scene that sells it (the offer scene, else the last scene
 * before the end card), and said there when a line of the product and its price fits the scene.
 */
function sayThePrice(board: Storyboard): { storyboard: Storyboard } | { why: string } {
  const price = board.product?.price;
  if (!board.product || !price) return { why: 'your website shows no price for the product' };
  if (price.length > textLimits.callout) return { why: `the price “${price}” is too long to stamp on a scene` };
  const shown = board.scenes.some((scene) => scene.callout === price || scene.text.join(' ').includes(price));
  const said = board.scenes.some((scene) => scene.voiceLine.includes(price));
  // Nothing to change: calling it done would tell the buyer of a change they will not see.
  if (shown && said) return { why: `your ad already shows and says the price (${price})` };
  const index = sellingSceneIndex(board.scenes);
  const scene = board.scenes[index]!;
  // Stamped once: a price already on screen is not stamped on a second scene.
  const stamped: StoryboardScene = shown ? scene : { ...scene, callout: price };
  const one = withoutOpenings(board);
  const withScene = (changed: StoryboardScene) => ({
    ...one,
    scenes: board.scenes.map((each, at) => (at === index ? changed : each)),
  });
  if (!said) {
    const line = `${board.product.name}, just ${price}.`;
    const seconds = scene.endSeconds - scene.startSeconds;
    const maxWords = Math.floor((seconds + pacing.lineSpillSeconds) * styleDefinition(board.style).pace.max);
    const fits = wordsOf(line).length <= maxWords;
    const spoken = fits ? storyboardSchema.safeParse(withScene({ ...stamped, voiceLine: line })) : null;
    if (spoken?.success) return { storyboard: spoken.data };
    if (shown) return { why: `your ad already shows the price (${price}) and a line saying it does not fit the scene` };
  }
  return { storyboard: storyboardSchema.parse(withScene(stamped)) };
}

function sellingSceneIndex(scenes: readonly StoryboardScene[]): number {
  const offer = scenes.findIndex((scene) => scene.role === 'offer');
  return offer > 0 ? offer : Math.max(1, scenes.length - 2);
}

/**
 * The added photo as the ad's product image: it becomes the first asset (`upload`), every product
 * shot and the end card show it; when no shot showed a product, the hook's first shot does.
 */
function withAddedPhoto(board: Storyboard, photoKey: string): Storyboard {
  const others = board.assets.filter((asset) => asset.source !== 'upload').slice(0, 5);
  const kept = new Set(others.map((asset) => asset.id));
  const assets = [{ id: 'upload', source: 'upload' as const, key: photoKey }, ...others];
  const product = (shot: StoryboardShot) => shot.framing === 'product-hero' || shot.framing === 'product-split';
  const shown = (id: string | null) => (id === null || kept.has(id) ? id : 'upload');
  let showsPhoto = false;
  let scenes = board.scenes.map((scene) => ({
    ...scene,
    ...(scene.footage ? { footage: { ...scene.footage, image: shown(scene.footage.image) } } : {}),
    shots: scene.shots.map((shot) => {
      if (!product(shot)) return { ...shot, asset: shown(shot.asset) };
      showsPhoto = true;
      return { ...shot, asset: 'upload' };
    }),
  }));
  if (!showsPhoto) {
    const [hook, ...rest] = scenes;
    const [first, ...more] = hook!.shots;
    scenes = [
      { ...hook!, shots: [{ ...first!, asset: 'upload', framing: 'product-hero', motion: 'push-in' }, ...more] },
      ...rest,
    ];
  }
  const siteView = board.siteView && {
    ...board.siteView,
    hero: shown(board.siteView.hero),
    logo: shown(board.siteView.logo),
    products: board.siteView.products.map((item) => ({ ...item, image: shown(item.image) })),
  };
  return storyboardSchema.parse({
    ...withoutOpenings(board),
    assets,
    scenes,
    ...(siteView ? { siteView } : {}),
    endCard: { ...board.endCard, asset: 'upload' },
  });
}

function withMotions(board: Storyboard, step: Partial<Record<Motion, Motion>>): Storyboard {
  const scenes = board.scenes.map((scene) => ({
    ...scene,
    shots: scene.shots.map((shot) => ({ ...shot, motion: step[shot.motion] ?? shot.motion })),
  }));
  return storyboardSchema.parse({ ...withoutOpenings(board), scenes });
}
