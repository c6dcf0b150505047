// The twin's footage providers: FOOTAGE_PROVIDER=veo|runway|fal starts the matching contract
// server and points the real adapter at it with the model each provider is priced for.
import { generationConfig } from '#shared/config.ts';
import type { FootageProvider } from '#shared/config-schema.ts';
import type { ContractServer } from './contract-server.ts';
import { startFalServer } from './fal-server.ts';
import { startRunwayServer } from './runway-server.ts';
import { startVeoServer } from './veo-server.ts';

export type { ContractServer } from './contract-server.ts';

/** The model the twin uses for each provider: the cheapest of config's price table. */
export const twinFootageModels: Record<FootageProvider, string> = {
  veo: 'veo-3.1-lite-generate-preview',
  runway: 'gen4_turbo',
  fal: 'fal-ai/kling-video/v2.5-turbo/standard/image-to-video',
};

export function startFootageServer(provider: FootageProvider, apiKey: string): Promise<ContractServer> {
  if (generationConfig.footage.models[twinFootageModels[provider]]?.provider !== provider) {
    throw new Error(`generationConfig.footage.models has no ${provider} model ${twinFootageModels[provider]}`);
  }
  const start = { veo: startVeoServer, runway: startRunwayServer, fal: startFalServer }[provider];
  return start({ apiKey });
}
