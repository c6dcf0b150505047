// The voice of a style: its definition's Polly and festival voices (styles/<style>.ts `voice`), read
// at its pace (`pace`), the one fact for the writer and the voice alike. Every line is read at it
// (voice/pace.ts), the writers fill their scenes at it, the bench measures it.
//
// The local rates are where festival's first read starts, as multiples of the HTS voice's own
// pace; a line that lands outside its style's range is read again at the rate that puts it in the
// middle (the HTS "-r" scales every duration, so one measurement is enough). The Polly rates are
// not measured (no AWS here): a neural voice reads ~150–165 words a minute, and <prosody rate>
// (documented for neural voices, 20–200 %) sets each style inside its range; the render holds a
// line to its scene either way (voice/pace.ts).
import { styleDefinition } from '#generation/styles/styles.ts';
import type { Style } from '#shared/contract.ts';
import type { LocalVoiceChoice, PollyVoiceChoice, VoiceChoice, VoiceEngine } from './voice.ts';

export function voiceFor(style: Style, engine: 'polly'): PollyVoiceChoice;
export function voiceFor(style: Style, engine: 'local'): LocalVoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice;
export function voiceFor(style: Style, engine: VoiceEngine): VoiceChoice {
  const { voice, pace } = styleDefinition(style);
  return { ...voice[engine], wordsPerSecond: pace };
}

/** Heard words a second a style's lines are read at, for tests and the bench. */
export function targetPace(style: Style): { min: number; max: number } {
  return styleDefinition(style).pace;
}
