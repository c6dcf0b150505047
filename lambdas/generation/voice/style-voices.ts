// The voice of each style, as data (research/ad-craft.md §4): cinematic is a calm narrator, slower;
// direct-response a hard sell, faster; UGC a customer talking, conversational. This is the one
// place a style's pace is set on the voice side: `wordsPerSecond`, heard words a second over the
// speech ("$16" is two words, "emberoakcoffee.com" five), is what every line is read at
// (voice/pace.ts), and what the bench measures.
//
// The local rates are where festival's first read starts, as multiples of the HTS voice's own
// pace; a line that lands outside its style's range is read again at the rate that puts it in the
// middle (the HTS "-r" scales every duration, so one measurement is enough). slt HTS reads short
// words fast and numbers slowly, so the rate a line needs varies: on four lines a marketer would
// write per style (tests/integration/voice-local.test.ts) pacing chose 0.78–1.35 for
// direct-response, 0.69–0.77 for UGC and 0.65–0.81 for cinematic. Each starting rate is where most
// of its style's lines land in range, so most lines are read once.
//
// What a writer may put in a scene is budgeted from `measuredPace`: heard words a second pooled
// over every line the template writer writes for the fixture sites, as the voice reads them.
// tests/integration/storyboard-voice-fit.test.ts measures it again and fails when it drifts.
//
// The Polly rates are not measured (no AWS here, and AWS publishes no words-per-minute for its
// voices): a neural voice reads ~150–165 words a minute (~2.5–2.75 w/s), and <prosody rate>
// (documented for neural voices, 20–200 %) sets each style inside its range. The writer's budget
// takes the slowest measured engine; the render holds a line to its scene either way (voice/pace.ts).
import type { Style } from '#shared/contract.ts';
import type { LocalVoiceChoice, PollyVoiceChoice, VoiceChoice, VoiceEngine } from './voice.ts';

interface StyleVoice {
  /** Heard words a second the style's lines are read at (ad-craft §4). */
  wordsPerSecond: { min: number; max: number };
  polly: Omit<PollyVoiceChoice, 'wordsPerSecond'>;
  local: Omit<LocalVoiceChoice, 'wordsPerSecond'>;
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
    wordsPerSecond: { min: 2.0, max: 2.4 },
    // A low, unhurried male narrator.
    polly: { engine: 'polly', voiceId: 'Gregory', pollyEngine: 'neural', rate: 0.85 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.71 },
    measuredPace: { local: 2.14 },
  },
  'direct-response': {
    wordsPerSecond: { min: 2.6, max: 3.0 },
    // A bright, energetic male voice.
    polly: { engine: 'polly', voiceId: 'Matthew', pollyEngine: 'neural', rate: 1.1 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.9 },
    measuredPace: { local: 2.66 },
  },
  ugc: {
    wordsPerSecond: { min: 2.4, max: 2.8 },
    // A young, casual first-person voice.
    polly: { engine: 'polly', voiceId: 'Danielle', pollyEngine: 'neural', rate: 1.0 },
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.75 },
    measuredPace: { local: 2.48 },
  },
};

export function voiceFor(style: Style, engine: 'polly'): PollyVoiceChoice;
export function voiceFor(style: Style, engine: 'local'): LocalVoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice {
  const { wordsPerSecond } = styleVoices[style];
  return { ...styleVoices[style][engine], wordsPerSecond };
}

/** Heard words a second a style's lines are read at, for tests and the bench. */
export function targetPace(style: Style): { min: number; max: number } {
  return styleVoices[style].wordsPerSecond;
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
