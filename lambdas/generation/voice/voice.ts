// The voice-over's interface (DESIGN §5 step 3): a line of the script in, a 48 kHz WAV and the
// time of every word out, so captions can follow the voice word by word. Amazon Polly in AWS, a
// Debian speech engine in the twin and CI; both behind `Voice`, both paced the same way.
import { rm } from 'node:fs/promises';
import type { Engine as PollyEngine, VoiceId as PollyVoiceId } from '@aws-sdk/client-polly';
import { wordsOf } from '#generation/storyboard/storyboard.ts';
import { fittedRate } from './pace.ts';

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
  /** The speaking rate used: the voice's own, or faster when the line had to fit `maxSeconds`. */
  rate: number;
}

/** How fast a voice speaks, as a multiple of its natural pace (1 = as the engine reads). */
interface Paced {
  rate: number;
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
  /** Writes the line's audio into `workDir` (Lambda: somewhere under /tmp) and nowhere else. */
  speak(line: VoiceLine, voice: VoiceChoice, workDir: string): Promise<SpokenLine>;
}

/** One synthesis of the words at one rate; the engine's whole job. */
export type Synthesize<Choice extends VoiceChoice> = (
  words: readonly string[],
  voice: Choice,
  rate: number,
  workDir: string,
) => Promise<SpokenLine>;

/**
 * A Voice from an engine's synthesis: reads the line at the voice's rate and, when that read is
 * longer than the line may last, reads it once more, faster.
 */
export function voiceFrom<Choice extends VoiceChoice>(engine: Choice['engine'], synthesize: Synthesize<Choice>): Voice {
  return {
    engine,
    async speak(line, voice, workDir) {
      if (voice.engine !== engine) {
        throw new Error(`The ${engine} voice cannot speak with a ${voice.engine} voice choice`);
      }
      const words = wordsOf(line.text);
      if (words.length === 0) throw new Error('A voice line needs at least one word');
      const choice = voice as Choice;
      const first = await synthesize(words, choice, choice.rate, workDir);
      const rate = fittedRate(choice.rate, first.durationSeconds, line.maxSeconds);
      if (rate === choice.rate) return first;
      const faster = await synthesize(words, choice, rate, workDir);
      await rm(first.audioPath, { force: true });
      return faster;
    },
  };
}
