// The storyboard's rules (docs/design.md "Generation pipeline"): the checks between its fields (assets, openings, the
// site view) and against its style's plan and pace (styles/<style>.ts). Apart from the storyboard's shape
// (storyboard.ts) because the styles' definitions name the shape's types: the shape imports nothing of theirs.
import { styleDefinition } from '#generation/styles/styles.ts';
import { bodyRoles, pacing } from './scene-plans.ts';
import { footageRoles, openingIds, type Storyboard, storyboardShape, wordsOf } from './storyboard.ts';

// Times are sums of decimals (1.2 + 2.8); a microsecond is not a gap.
const timeTolerance = 1e-6;

/** Every storyboard a writer makes or the render reads passes this schema. */
export const storyboardSchema = storyboardShape.superRefine((board, ctx) => {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const assetIds = new Set(board.assets.map((asset) => asset.id));
  if (assetIds.size !== board.assets.length) issue(['assets'], 'asset ids must be unique');
  if (board.assets.some((asset, index) => asset.source === 'upload' && index !== 0)) {
    issue(['assets'], "the buyer's upload comes first");
  }
  const knownAsset = (id: string | null) => id === null || assetIds.has(id);
  if (!knownAsset(board.endCard.asset)) issue(['endCard', 'asset'], 'must be one of the assets');
  if (board.siteView) {
    const view = board.siteView;
    const images = [view.hero, view.logo, ...view.products.map((product) => product.image)];
    if (images.some((id) => !knownAsset(id))) issue(['siteView'], "the site view's images must be assets");
    if (!view.headline && view.products.length === 0) issue(['siteView'], 'a site view shows a headline or products');
  }
  if (board.openings) {
    const [own, ...others] = board.openings;
    const hook = board.scenes[0]!;
    const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
    const ownMatches =
      own!.id === 'A' &&
      same(own!.text, hook.text) &&
      same(own!.voiceLine, hook.voiceLine) &&
      same(own!.emphasis, hook.emphasis) &&
      same(own!.callout, hook.callout) &&
      same(own!.shots, hook.shots);
    if (!ownMatches) issue(['openings', 0], "opening A is the storyboard's own hook scene");
    board.openings.forEach((opening, index) => {
      if (index > 0 && opening.id !== openingIds[index])
        issue(['openings', index, 'id'], `must be ${openingIds[index]}`);
      if (opening.shots.some((shot) => !knownAsset(shot.asset))) {
        issue(['openings', index, 'shots'], 'must be the assets');
      }
      if (opening.emphasis && !opening.text.join(' ').includes(opening.emphasis)) {
        issue(['openings', index, 'emphasis'], 'the emphasis must be part of the text');
      }
    });
    // A list numbers the body's scenes: only the storyboard's own hook can open one.
    if (others.some((opening) => opening.rung === 'list')) {
      issue(['openings'], 'an alternative opening never opens a list');
    }
    if (new Set(board.openings.map((opening) => opening.rung)).size !== board.openings.length) {
      issue(['openings'], 'each opening stands on another rung of the hook ladder');
    }
  }
  if (board.endCard.asset === null && board.assets.length > 0) {
    issue(['endCard', 'asset'], 'the end card shows the product or logo when there is an image');
  }

  const definition = styleDefinition(board.style);
  const plan = definition.plan[board.durationSeconds];
  if (board.scenes.length !== plan.length) {
    issue(['scenes'], `a ${board.style} ad of ${board.durationSeconds} s has ${plan.length} scenes`);
    return;
  }
  let expectedStart = 0;
  board.scenes.forEach((scene, index) => {
    const planned = plan[index]!;
    const seconds = scene.endSeconds - scene.startSeconds;
    if (Math.abs(scene.startSeconds - expectedStart) > timeTolerance) {
      issue(['scenes', index, 'startSeconds'], `must be ${expectedStart}`);
    }
    expectedStart = scene.endSeconds;
    if (Math.abs(seconds - planned.seconds) > timeTolerance) {
      issue(['scenes', index], `the plan gives this scene ${planned.seconds} s`);
    }
    const roleFits =
      planned.role === scene.role || (bodyRoles.includes(planned.role) && bodyRoles.includes(scene.role));
    if (!roleFits) issue(['scenes', index, 'role'], `must be ${planned.role}`);
    if (scene.shots.length !== planned.shots)
      issue(['scenes', index, 'shots'], `the plan gives ${planned.shots} shots`);
    const shotSeconds = scene.shots.reduce((sum, shot) => sum + shot.seconds, 0);
    if (Math.abs(shotSeconds - seconds) > timeTolerance) issue(['scenes', index, 'shots'], 'shots must fill the scene');
    scene.shots.forEach((shot, shotIndex) => {
      if (!knownAsset(shot.asset)) issue(['scenes', index, 'shots', shotIndex, 'asset'], 'must be one of the assets');
      if (shot.framing === 'site-scroll' && !board.siteView) {
        issue(['scenes', index, 'shots', shotIndex, 'framing'], 'a site-scroll shot needs the siteView it draws');
      }
      if ((shot.framing === 'site-scroll') !== (shot.motion === 'scroll')) {
        issue(['scenes', index, 'shots', shotIndex, 'motion'], 'a site-scroll shot, and only it, scrolls');
      }
      if ((shot.framing === 'end-card') !== (scene.role === 'cta')) {
        issue(['scenes', index, 'shots', shotIndex, 'framing'], 'the CTA scene, and only it, is the end card');
      }
    });
    if (scene.emphasis && !scene.text.join(' ').includes(scene.emphasis)) {
      issue(['scenes', index, 'emphasis'], 'the emphasis must be part of the text');
    }
    // Pace: the line must be speakable in its scene at a natural rate.
    const maxWords = Math.floor((seconds + pacing.lineSpillSeconds) * definition.pace.max + timeTolerance);
    if (wordsOf(scene.voiceLine).length > maxWords) {
      issue(['scenes', index, 'voiceLine'], `${seconds} s carries at most ${maxWords} spoken words`);
    }
    if (scene.footage && !footageRoles.includes(scene.role)) {
      issue(['scenes', index, 'footage'], `footage belongs to ${footageRoles.join(' and ')} scenes`);
    }
    if (scene.footage && !knownAsset(scene.footage.image)) {
      issue(['scenes', index, 'footage', 'image'], 'must be one of the assets');
    }
    if (scene.phoneElement && !definition.copy.phoneElements) {
      issue(['scenes', index, 'phoneElement'], `a ${board.style} ad has no phone-native elements`);
    }
  });
  if (Math.abs(expectedStart - board.durationSeconds) > timeTolerance) {
    issue(['scenes'], `scenes must end at ${board.durationSeconds} s`);
  }
  if (board.scenes[0]!.role !== 'hook' || board.scenes[0]!.endSeconds > pacing.hookMaxSeconds + timeTolerance) {
    issue(['scenes', 0], `the ad opens with a hook of at most ${pacing.hookMaxSeconds} s`);
  }
  const last = board.scenes.at(-1)!;
  if (last.endSeconds - last.startSeconds > board.durationSeconds * pacing.endCardMaxShare + timeTolerance) {
    issue(
      ['scenes', board.scenes.length - 1],
      `the end card is at most ${Math.round(pacing.endCardMaxShare * 100)} % of the ad`,
    );
  }
});

/** Parses a writer's output, naming every problem (the Bedrock writer feeds them back to the model). */
export function parseStoryboard(input: unknown): { storyboard: Storyboard } | { problems: string[] } {
  const result = storyboardSchema.safeParse(input);
  if (result.success) return { storyboard: result.data };
  return { problems: result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
}
