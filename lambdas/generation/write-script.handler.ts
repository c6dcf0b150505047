// State WriteScript: hook, benefits and CTA for the ordered style and duration, from the site's facts.
import { logger } from '#shared/logger';
import { envNames } from '#shared/runtime-env';
import type { GenerationState } from './generation-state.ts';
import { reportStage } from './order-progress.ts';
import type { AdDuration, AdScript } from './script/ad-script.ts';
import type { Copywriter } from './script/copywriter.ts';
import { templateCopywriter } from './script/template-copywriter.ts';
import { step } from './step-errors.ts';
import { analyzeWebsite } from './website/analyze-website.ts';

async function copywriter(): Promise<Copywriter> {
  if (process.env[envNames.copywriter] !== 'bedrock') return templateCopywriter;
  // Loaded only when configured, so the default bundle carries no Bedrock client.
  const { bedrockCopywriter } = await import('./script/bedrock-copywriter.ts');
  return bedrockCopywriter();
}

export async function handler(state: GenerationState): Promise<AdScript> {
  return step(async () => {
    const order = await reportStage(state.orderId, 'scripting');
    const facts = state.site ?? (await analyzeWebsite(order.website));
    const input = { style: order.style, durationSeconds: order.duration_seconds as AdDuration, facts };
    const writer = await copywriter();
    const script = await writer.write(input).catch((error: Error) => {
      // A model that is down or answers nonsense must not cost the buyer the ad.
      if (writer === templateCopywriter) throw error;
      logger.warn('Copywriter failed; using the template', { orderId: order.id, reason: error.message });
      return templateCopywriter.write(input);
    });
    logger.info('Script written', { orderId: order.id, scenes: script.scenes.length });
    return script;
  });
}
