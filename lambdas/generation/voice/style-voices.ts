// The voice of each style, as data (research/ad-craft.md §4): cinematic is a calm narrator, slower;
// direct-response a hard sell, faster; UGC a customer talking, conversational. Rates are multiples
// of each voice's natural pace. The local rates were set on ten ad lines (words per second from
// the first word to the last, pooled): slt HTS reads 2.95 w/s at 1, 2.23 at 0.75, 2.66 at 0.9 and
// 2.83 at 0.96; single lines swing about ±25 % around that with their words. The Polly rates are
// not measured yet (no AWS here); pace fitting holds a line to its scene either way.
import type { Style } from '#shared/contract';
import type { LocalVoiceChoice, PollyVoiceChoice, VoiceChoice, VoiceEngine } from './voice.ts';

interface StyleVoice {
  /** Words per second the style aims at (ad-craft §4), which the rates below were set for. */
  targetWordsPerSecond: { min: number; max: number };
  polly: PollyVoiceChoice;
  local: LocalVoiceChoice;
}

// Neural, not generative: word speech marks and <prosody rate> are documented for neural voices;
// the generative engine takes prosody only around whole sentences.
const styleVoices: Record<Style, StyleVoice> = {
  cinematic: {
    targetWordsPerSecond: { min: 2.0, max: 2.35 },
    // A low, unhurried male narrator.
    polly: { engine: 'polly', voiceId: 'Gregory', pollyEngine: 'neural', rate: 0.9 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.75 },
  },
  'direct-response': {
    targetWordsPerSecond: { min: 2.65, max: 3.0 },
    // A bright, energetic male voice.
    polly: { engine: 'polly', voiceId: 'Matthew', pollyEngine: 'neural', rate: 1.1 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.96 },
  },
  ugc: {
    targetWordsPerSecond: { min: 2.5, max: 2.85 },
    // A young, casual first-person voice.
    polly: { engine: 'polly', voiceId: 'Danielle', pollyEngine: 'neural', rate: 1.0 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.9 },
  },
};

export function voiceFor(style: Style, engine: 'polly'): PollyVoiceChoice;
export function voiceFor(style: Style, engine: 'local'): LocalVoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice {
  return styleVoices[style][engine];
}

/** The pace a style's read should land in, for tests and the bench. */
export function targetPace(style: Style): { min: number; max: number } {
  return styleVoices[style].targetWordsPerSecond;
}
