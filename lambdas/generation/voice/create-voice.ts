// Which engine speaks: Amazon Polly when VOICE_ENGINE=polly (AWS), else the local festival voice
// (twin, CI). Lambda has no festival binary, so a Lambda without VOICE_ENGINE=polly stops here
// with a reason instead of failing on its first line.
import { envNames } from '#shared/runtime-env.ts';
import { localVoice } from './local-voice.ts';
import { type Voice, type VoiceEngine, voiceEngines } from './voice.ts';

const voiceEngineEnv = envNames.voiceEngine;

export async function createVoice(env: NodeJS.ProcessEnv = process.env): Promise<Voice> {
  const engine = (env[voiceEngineEnv] || 'local') as VoiceEngine;
  if (!voiceEngines.includes(engine)) {
    throw new Error(`${voiceEngineEnv} must be one of ${voiceEngines.join(', ')}, not "${engine}"`);
  }
  if (engine === 'polly') {
    // Loaded only when chosen, as the Bedrock copywriter is: the local voice never loads the Polly client.
    const { pollyVoice } = await import('./polly-voice.ts');
    return pollyVoice();
  }
  if (env.AWS_EXECUTION_ENV?.startsWith('AWS_Lambda_')) {
    throw new Error(
      `The local voice runs Debian's festival, which AWS Lambda does not have; set ${voiceEngineEnv}=polly in AWS.`,
    );
  }
  return localVoice();
}
