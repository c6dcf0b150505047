// State PlanRenders: the storyboard is final; this says what the render function is asked for
// (one request, the same for every file) and which files: the primary first, then the pack's
// (generationConfig.pack, through PACK_FORMATS). The pack's progress starts at 0 on the order.
import { startOrderPack } from '#orders/order-pack.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { type AdFormatId, adFormats } from '#shared/ad-formats.ts';
import { packItems, primaryItem } from '#shared/delivery-pack.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { carriedStoryboard, type GenerationState, type RenderPlan, type RenderRequest } from './generation-state.ts';
import { footageWasMade, renderingStart, reportStage } from './order-progress.ts';
import { storeRenderRequest } from './render-request-store.ts';
import { StepFailure } from './step-errors.ts';
import { extraOpenings } from './storyboard/openings.ts';
import { storyboardOfState } from './storyboard/storyboard-of-state.ts';

export const handler = taskHandler(planRenders);

async function planRenders(state: GenerationState): Promise<RenderPlan> {
  const afterFootage = footageWasMade(state.footage);
  const order = await reportStage(state.orderId, 'rendering', renderingStart(afterFootage));
  if (!carriedStoryboard(state)) throw new StepFailure('RenderFailed', 'PlanRenders ran without a storyboard');
  const storyboard = await storyboardOfState(carriedStoryboard(state), state.site, order);
  const footage = (state.footage?.scenes ?? []).flatMap((scene) =>
    scene.status === 'ready' && scene.clipKey ? [{ sceneIndex: scene.sceneIndex, key: scene.clipKey }] : [],
  );
  // The writer's other openings, each at 1080x1920 on the same body (storyboard/openings.ts).
  const pack = packItems(packFormats(), extraOpenings(storyboard));
  const request: RenderRequest = {
    orderId: order.id,
    storyboard,
    afterFootage,
    ...(state.site ? { site: state.site } : {}),
    ...(footage.length ? { footage } : {}),
  };
  // Kept for the order's free revision, which starts from this storyboard (revise-storyboard.handler.ts).
  await storeRenderRequest(request);
  await startOrderPack(order.id, pack);
  return { request, primary: primaryItem, pack };
}

/** The stage's pack formats (lib/generation sets them from generationConfig.pack.formats). */
export function packFormats(): AdFormatId[] {
  const ids = requireEnv(envNames.packFormats)
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const known = new Set<string>(adFormats.map((format) => format.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw new Error(`${envNames.packFormats} names unknown formats: ${unknown.join(', ')}`);
  return ids as AdFormatId[];
}
