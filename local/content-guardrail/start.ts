// The content guardrail on the twin: Bedrock's ApplyGuardrail (server.ts) for the guardrail id and
// version the template gives the functions (lib/generation/content-guardrail.ts).
import { requireValue } from '#local/cloudformation/start.ts';
import type { RunningService } from '#local/support/service.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type LocalGuardrail, startLocalGuardrail } from './server.ts';

export interface ContentGuardrail extends RunningService {
  guardrail: LocalGuardrail;
}

export async function start(options: { functionEnvironment: Record<string, string> }): Promise<ContentGuardrail> {
  const guardrail = await startLocalGuardrail({
    guardrailId: requireValue(options.functionEnvironment, envNames.contentGuardrailId),
    guardrailVersion: requireValue(options.functionEnvironment, envNames.contentGuardrailVersion),
  });
  return { guardrail, environment: { AWS_ENDPOINT_URL_BEDROCK_RUNTIME: guardrail.url }, stop: guardrail.stop };
}
