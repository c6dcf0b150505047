// The voice-over's interface (docs/design.md "Generation pipeline"): a line of the script in, a 48 kHz WAV and the
// time of every word out, so captions can follow the voice word by word. Amazon Polly in AWS, a
// Debian speech engine in the twin and CI; both behind `Voice`, both paced the same way.
import type { Engine as PollyEngine, VoiceId as PollyVoiceId } from '@aws-sdk/client-polly';

/** Every voice hands back mono 16-bit WAV at the mixer's rate, so no caller needs a decoder. */
export const voiceSampleRate = 48_000;

export const voiceEngines = ['polly', 'local'] as const;
export type VoiceEngine = (typeof voiceEngines)[number];

export interface VoiceLine {
  text: string;
  /** The longest the read may last; a longer read is spoken faster, within what still sounds natural. */
  maxSeconds?: number;
}

/** A word of the line as written (punctuation included), and when it is heard. */
export interface SpokenWord {
  word: string;
  startSeconds: number;
  /**
   * When its last sound ends (festival), or when the next word starts (Polly's speech marks carry
   * start times only), so a pause may be counted in the word before it.
   */
  endSeconds: number;
}

export interface SpokenLine {
  /** A WAV file in the work directory. */
  audioPath: string;
  durationSeconds: number;
  /**
   * The line's whitespace-separated words that were spoken, in order, as written: the caption's
   * own words. A word the engine says nothing for ("—", an emoji) is left out.
   */
  words: SpokenWord[];
  /**
   * How many words a listener heard ("$16" is two, "emberoakcoffee.com" five), when the engine
   * says (festival counts its Word items); what the line's pace is measured in.
   */
  heardWords?: number;
  /** The speaking rate used: the voice's own, or faster when the line had to fit `maxSeconds`. */
  rate: number;
}

/** How fast a voice speaks, as a multiple of its natural pace (1 = as the engine reads). */
interface Paced {
  rate: number;
  /**
   * Heard words a second the style's lines are read at (voice/style-voices.ts). An engine that
   * counts heard words reads each line at the rate that lands it here (voice/pace.ts); Polly,
   * which does not, reads at `rate`.
   */
  wordsPerSecond: { min: number; max: number };
}

export interface PollyVoiceChoice extends Paced {
  engine: 'polly';
  voiceId: PollyVoiceId;
  pollyEngine: Extract<PollyEngine, 'neural' | 'generative'>;
}

export interface LocalVoiceChoice extends Paced {
  engine: 'local';
  /** The festival voice function. */
  festivalVoice: 'voice_cmu_us_slt_arctic_hts';
}

export type VoiceChoice = PollyVoiceChoice | LocalVoiceChoice;

export interface Voice {
  engine: VoiceEngine;
  /**
   * Reads every line of an ad, each at its style's pace and within its `maxSeconds` when it can be
   * (voice/pace.ts), writing the audio into `workDir` (Lambda: somewhere under /tmp) and nowhere else.
   * `onProgress` hears the share of the reads done (0–1) as each one is synthesized: the order's
   * progress bar moves with the voice.
   */
  speakLines(
    lines: readonly VoiceLine[],
    voice: VoiceChoice,
    workDir: string,
    onProgress?: (fraction: number) => void,
  ): Promise<SpokenLine[]>;
  /** One line: `speakLines` of one. */
  speak(line: VoiceLine, voice: VoiceChoice, workDir: string): Promise<SpokenLine>;
}

/** A word as written (the caption's) and as it is said (words/split-words.ts: "ember oak coffee dot com"). */
export interface ReadWord {
  written: string;
  said: string;
}

/** A line to synthesize: its words, at one rate. */
export interface Read {
  words: readonly ReadWord[];
  rate: number;
}

/**
 * Synthesis of several reads; the engine's whole job. One call, so an engine can start once for all.
 * `onRead` is told the index of each read as soon as it is synthesized, in any order.
 */
export type Synthesize<Choice extends VoiceChoice> = (
  reads: readonly Read[],
  voice: Choice,
  workDir: string,
  onRead?: (index: number) => void,
) => Promise<SpokenLine[]>;
