// AI footage on the twin, when asked for (FOOTAGE_PROVIDER for npm start): the provider's local
// contract server (index.ts), and the environment lib/generation gives a stage with a video model
// (grantFootage), the key as a plain value as with Stripe's. Without it: engine-only ads, the
// default on the twin and in CI.

import { footageDefaults } from '#lib/stack-parameters.ts';
import { nothingToStop, type RunningService } from '#local/support/service.ts';
import type { FootageProvider } from '#shared/config-schema.ts';
import { deliverySeconds } from '#shared/delivery-time.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type ContractServer, startFootageServer, twinFootageModels } from './index.ts';

export interface FootageOptions {
  provider: FootageProvider;
  maxSpendUsd?: number;
  fallback?: 'engine-only' | 'fail';
}

export interface Footage extends RunningService {
  /** The provider's contract server (requests it saw, failure drills); null when footage is off. */
  server: ContractServer | null;
}

const footageApiKey = 'local-footage-key';

export async function start(options: FootageOptions | undefined): Promise<Footage> {
  if (!options) return { server: null, environment: {}, stop: nothingToStop };
  const server = await startFootageServer(options.provider, footageApiKey);
  const model = twinFootageModels[options.provider];
  return {
    server,
    environment: {
      [envNames.footageModel]: model,
      [envNames.deliverySeconds]: String(deliverySeconds(model)),
      [envNames.footageResolution]: footageDefaults.resolution,
      [envNames.footageMaxSpendUsd]: String(options.maxSpendUsd ?? footageDefaults.maxSpendUsd),
      [envNames.footageFallback]: options.fallback ?? footageDefaults.fallback,
      [envNames.footageApiKey]: footageApiKey,
      [envNames.footageApiBase]: server.url,
    },
    stop: server.stop,
  };
}
