// The voice of each style, as data (research/ad-craft.md §4): cinematic is a calm narrator, slower;
// direct-response a hard sell, faster; UGC a customer talking, conversational. Rates are multiples
// of each voice's natural pace. The local rates were set on a typical ad line ("Order your first
// bag today and taste the difference.", words a second from the first word to the last): slt HTS
// reads it at 2.95 w/s at 1, 2.51 at 0.85, 2.64 at 0.9 and 2.82 at 0.96.
//
// What a writer may put in a scene is budgeted from `measuredPace`: heard words a second (numbers
// and domains read out, storyboard/spoken-words.ts), pooled over every line the template writer
// writes for the fixture sites (first word to last, at the style's rate, unsped). Ad lines are
// short, and a short line ends on a drawn-out word, so this is slower than the typical line; single
// lines still read 25 % faster to 40 % slower than it. tests/integration/storyboard-voice-fit.test.ts
// measures it again and fails when it drifts: change a rate there and here together.
//
// The Polly rates are not measured (no AWS here, and AWS publishes no words-per-minute for its
// voices): 90 % of a neural voice's ~150–165 words a minute is ~2.3–2.5 w/s, calm and inside natural
// speech. The writer's budget takes the slowest measured engine; the render holds a line to its
// scene either way (voice/pace.ts, compose/voice-track.ts).
import type { Style } from '#shared/contract.ts';
import type { LocalVoiceChoice, PollyVoiceChoice, VoiceChoice, VoiceEngine } from './voice.ts';

interface StyleVoice {
  /** Words per second the style aims at on a typical line (ad-craft §4), which the rates below were set for. */
  targetWordsPerSecond: { min: number; max: number };
  polly: PollyVoiceChoice;
  local: LocalVoiceChoice;
  /** Heard words a second each engine reads this style's ad lines at, where measured (see above). */
  measuredPace: Partial<Record<VoiceEngine, number>>;
}

/**
 * The share of the measured pace a writer fills. Single lines read up to ~40 % slower than the
 * pooled pace (long words, commas); the render absorbs that with J-cuts and, at most, a small
 * speed-up. Set on the fixture sites' 54 template storyboards: at 0.875 all fit as the render reads
 * them (53 without any speed-up, ≥ 0.2 s to spare), and 53 even read unsped (the last 0.02 s over);
 * at 0.9 two needed a 5–10 % speed-up and two ran 0.1 s over unsped; 0.85 only says less.
 */
export const paceMargin = 0.875;

// Neural, not generative: word speech marks and <prosody rate> are documented for neural voices;
// the generative engine takes prosody only around whole sentences.
const styleVoices: Record<Style, StyleVoice> = {
  cinematic: {
    // Calm, yet inside natural speech (2.3–2.8 w/s): at 0.75 the typical line dragged at 2.23 w/s.
    targetWordsPerSecond: { min: 2.3, max: 2.55 },
    // A low, unhurried male narrator.
    polly: { engine: 'polly', voiceId: 'Gregory', pollyEngine: 'neural', rate: 0.9 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.85 },
    measuredPace: { local: 2.16 },
  },
  'direct-response': {
    targetWordsPerSecond: { min: 2.65, max: 3.0 },
    // A bright, energetic male voice.
    polly: { engine: 'polly', voiceId: 'Matthew', pollyEngine: 'neural', rate: 1.1 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.96 },
    measuredPace: { local: 2.45 },
  },
  ugc: {
    targetWordsPerSecond: { min: 2.5, max: 2.85 },
    // A young, casual first-person voice.
    polly: { engine: 'polly', voiceId: 'Danielle', pollyEngine: 'neural', rate: 1.0 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.9 },
    measuredPace: { local: 2.32 },
  },
};

export function voiceFor(style: Style, engine: 'polly'): PollyVoiceChoice;
export function voiceFor(style: Style, engine: 'local'): LocalVoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice {
  return styleVoices[style][engine];
}

/** The pace a style's read should land in on a typical line, for tests and the bench. */
export function targetPace(style: Style): { min: number; max: number } {
  return styleVoices[style].targetWordsPerSecond;
}

/** Heard words a second an engine was measured reading this style's lines at, if it was. */
export function measuredPace(style: Style, engine: VoiceEngine): number | undefined {
  return styleVoices[style].measuredPace[engine];
}

/**
 * Heard words a second a writer may budget for this style: the slowest measured engine's pace,
 * with the margin. Every writer's scene budget (storyboard/scene-words.ts) comes from here.
 */
export function speakingRate(style: Style): number {
  const slowest = Math.min(...Object.values(styleVoices[style].measuredPace));
  return Math.round(slowest * paceMargin * 100) / 100;
}
