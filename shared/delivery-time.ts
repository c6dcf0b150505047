// How long an ad takes, from the one measured value (config.delivery.typicalSeconds) and the
// stage's footage model: every statement of time on the site and in the emails reads it from here,
// the spec's own sentences included (docs/spec-deviations.md, "One delivery time"). The site is
// built for its stage (FOOTAGE_MODEL at `npm run build`, checked by `cdk deploy`), and the stack
// gives the mail-sending functions the stage's figure.
import { config, generationConfig } from './config.ts';

/**
 * Typical seconds from payment to the delivered ad on a stage: the engine's measured time, and
 * with AI footage the model's typical clip time and one poll on top (a stage's clips are made side
 * by side, between the storyboard and the render).
 */
export function deliverySeconds(footageModel?: string | null): number {
  const { models } = generationConfig.footage;
  if (footageModel && !Object.hasOwn(models, footageModel)) {
    throw new Error(`Unknown footage model ${footageModel}: the price table has ${Object.keys(models).join(', ')}`);
  }
  const model = footageModel ? models[footageModel] : undefined;
  return config.delivery.typicalSeconds + (model ? model.typicalSeconds + generationConfig.footage.pollSeconds : 0);
}

/** "about a minute", "about 3 minutes": the typical time from payment to the delivered ad. */
export function typicalDeliveryWords(typicalSeconds: number): string {
  const minutes = Math.max(1, Math.round(typicalSeconds / 60));
  return minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
}
