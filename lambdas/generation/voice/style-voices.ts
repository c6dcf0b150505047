// The voice of each style, as data (research/ad-craft.md §4): cinematic is a calm narrator, slower;
// direct-response a hard sell, faster; UGC a customer talking, conversational. A style's pace,
// heard words a second over the speech ("$16" is two words, "emberoakcoffee.com" five), is one
// fact for the writer and the voice alike: `pacing.wordsPerSecond` (storyboard/scene-plans.ts).
// Every line is read at it (voice/pace.ts), the writers fill their scenes at it, the bench measures it.
//
// The local rates are where festival's first read starts, as multiples of the HTS voice's own
// pace; a line that lands outside its style's range is read again at the rate that puts it in the
// middle (the HTS "-r" scales every duration, so one measurement is enough). slt HTS reads short
// words fast and numbers slowly, so the rate a line needs varies: on four lines a marketer would
// write per style (tests/integration/voice-local.test.ts) pacing chose 0.78–1.35 for
// direct-response, 0.69–0.77 for UGC and 0.65–0.81 for cinematic. Each starting rate is where most
// of its style's lines land in range, so most lines are read once.
//
// The Polly rates are not measured (no AWS here, and AWS publishes no words-per-minute for its
// voices): a neural voice reads ~150–165 words a minute (~2.5–2.75 w/s), and <prosody rate>
// (documented for neural voices, 20–200 %) sets each style inside its range; the render holds a
// line to its scene either way (voice/pace.ts).
import { pacing } from '#generation/storyboard/scene-plans.ts';
import type { Style } from '#shared/contract.ts';
import type { LocalVoiceChoice, PollyVoiceChoice, VoiceChoice, VoiceEngine } from './voice.ts';

interface StyleVoice {
  polly: Omit<PollyVoiceChoice, 'wordsPerSecond'>;
  local: Omit<LocalVoiceChoice, 'wordsPerSecond'>;
}

// Neural, not generative: word speech marks and <prosody rate> are documented for neural voices;
// the generative engine takes prosody only around whole sentences.
const styleVoices: Record<Style, StyleVoice> = {
  cinematic: {
    // A low, unhurried male narrator.
    polly: { engine: 'polly', voiceId: 'Gregory', pollyEngine: 'neural', rate: 0.85 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.71 },
  },
  'direct-response': {
    // A bright, energetic male voice.
    polly: { engine: 'polly', voiceId: 'Matthew', pollyEngine: 'neural', rate: 1.1 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.9 },
  },
  ugc: {
    // A young, casual first-person voice.
    polly: { engine: 'polly', voiceId: 'Danielle', pollyEngine: 'neural', rate: 1.0 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.75 },
  },
};

export function voiceFor(style: Style, engine: 'polly'): PollyVoiceChoice;
export function voiceFor(style: Style, engine: 'local'): LocalVoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice {
  return { ...styleVoices[style][engine], wordsPerSecond: pacing.wordsPerSecond[style] };
}

/** Heard words a second a style's lines are read at, for tests and the bench. */
export function targetPace(style: Style): { min: number; max: number } {
  return pacing.wordsPerSecond[style];
}
