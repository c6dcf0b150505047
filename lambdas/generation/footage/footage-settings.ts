// The stage's footage choice, read from the environment lib/generation sets (or the twin) and
// checked: no model means engine-only ads. The provider's client is built from it.
import * as z from 'zod';
import { readSecret } from '#common/secrets.ts';
import { generationConfig } from '#shared/config.ts';
import { footageResolutions } from '#shared/config-schema.ts';
import { envNames } from '#shared/runtime-env.ts';
import type { ClipProvider } from './clip-provider.ts';
import { falApiBase, falProvider } from './fal.ts';
import { runwayApiBase, runwayProvider } from './runway.ts';
import { veoApiBase, veoProvider } from './veo.ts';

export const footageFallbacks = ['engine-only', 'fail'] as const;

const settingsSchema = z.object({
  model: z.enum(Object.keys(generationConfig.footage.models) as [string, ...string[]]),
  resolution: z.enum(footageResolutions).default('720p'),
  maxSpendUsd: z.coerce.number().positive(),
  fallback: z.enum(footageFallbacks).default('engine-only'),
});

export type FootageSettings = z.infer<typeof settingsSchema> & {
  provider: 'veo' | 'runway' | 'fal';
  price: (typeof generationConfig.footage.models)[string];
};

/** The stage's settings, or null when it makes engine-only ads. Throws on a broken setting. */
export function footageSettings(env: NodeJS.ProcessEnv = process.env): FootageSettings | null {
  if (!env[envNames.footageModel]) return null;
  const parsed = settingsSchema.safeParse({
    model: env[envNames.footageModel],
    resolution: env[envNames.footageResolution] || undefined,
    maxSpendUsd: env[envNames.footageMaxSpendUsd],
    fallback: env[envNames.footageFallback] || undefined,
  });
  if (!parsed.success) throw new Error(`Footage settings are invalid: ${z.prettifyError(parsed.error)}`);
  const price = generationConfig.footage.models[parsed.data.model]!;
  return { ...parsed.data, provider: price.provider, price };
}

const apiBases = { veo: veoApiBase, runway: runwayApiBase, fal: falApiBase } as const;
const adapters = { veo: veoProvider, runway: runwayProvider, fal: falProvider } as const;

/** The provider's client, with its key from Secrets Manager (AWS) or the plain variable (twin). */
export async function clipProviderFor(settings: FootageSettings): Promise<ClipProvider> {
  const apiKey = await readSecret(envNames.footageApiKey, envNames.footageApiKeySecretName);
  return adapters[settings.provider]({
    apiBase: process.env[envNames.footageApiBase] || apiBases[settings.provider],
    apiKey,
    model: settings.model,
  });
}
