// The music bed, synthesized at render time from code (no recording, so no licence is involved):
// each style's arrangement (its `music`, styles/<style>.ts: a chord progression, a bass line and
// drums) played on these instruments, voiced between 200 Hz and 4 kHz where a phone speaker plays
// (the bass is heard through its harmonics), high-passed under 150 Hz. Then ducked under the voice
// from the known speech times: ≥ 20 dB down while a line is spoken.
import { biquad, noise, rms, sampleRate } from './dsp.ts';

export interface Arrangement {
  bpm: number;
  /** MIDI notes per bar, one chord a bar. */
  chords: number[][];
  bass: number[];
  parts: (bed: Bed) => void;
}

export interface Bed {
  left: Float32Array;
  right: Float32Array;
  beat: number;
  bars: number;
  arrangement: Arrangement;
  /** The drums' noise, seeded per bed: one ad's bed never depends on which beds were made before it. */
  random: () => number;
}

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
const tableSize = 2048;

/** One cycle made of harmonics (amplitude per harmonic number, from 1). */
function wavetable(harmonics: readonly number[]): Float32Array {
  const table = new Float32Array(tableSize + 1);
  for (let i = 0; i <= tableSize; i++) {
    let value = 0;
    harmonics.forEach((amplitude, n) => {
      value += amplitude * Math.sin((2 * Math.PI * (n + 1) * i) / tableSize);
    });
    table[i] = value;
  }
  let peak = 0;
  for (const value of table) peak = Math.max(peak, Math.abs(value));
  for (let i = 0; i <= tableSize; i++) table[i]! /= peak;
  return table;
}

export const tables = {
  /** A soft saw: every harmonic, falling faster than 1/n (warm pad). */
  pad: wavetable(Array.from({ length: 14 }, (_, n) => 1 / (n + 1) ** 1.3)),
  /** An electric piano: a strong second and third. */
  keys: wavetable([1, 0.45, 0.22, 0.1, 0.06, 0.03]),
  /** A bass voiced in harmonics so a small speaker still plays its notes. */
  bass: wavetable([0.6, 1, 0.7, 0.45, 0.3, 0.18, 0.1]),
  /** A hollow square-ish stab. */
  stab: wavetable([1, 0, 0.33, 0, 0.2, 0, 0.14, 0, 0.11]),
};

interface Note {
  at: number;
  seconds: number;
  midi: number;
  gain: number;
  table: Float32Array;
  attack: number;
  release: number;
  /** Exponential decay time constant in seconds (0: sustained). */
  decay: number;
  pan: number;
  detuneCents?: number;
}

export function play(bed: Bed, note: Note): void {
  const start = Math.round(note.at * sampleRate);
  const length = Math.round(note.seconds * sampleRate);
  const end = Math.min(bed.left.length, start + length);
  const left = Math.cos(((note.pan + 1) * Math.PI) / 4) * note.gain;
  const right = Math.sin(((note.pan + 1) * Math.PI) / 4) * note.gain;
  const step = (hz(note.midi) * 2 ** ((note.detuneCents ?? 0) / 1200) * tableSize) / sampleRate;
  const decayPerSample = note.decay > 0 ? Math.exp(-1 / (note.decay * sampleRate)) : 1;
  let phase = 0;
  let decay = 1;
  for (let i = Math.max(0, start); i < end; i++) {
    const t = (i - start) / sampleRate;
    const envelope = Math.min(1, t / note.attack) * Math.min(1, (note.seconds - t) / note.release) * decay;
    const index = phase | 0;
    const fraction = phase - index;
    const value = note.table[index]! + (note.table[index + 1]! - note.table[index]!) * fraction;
    bed.left[i]! += value * envelope * left;
    bed.right[i]! += value * envelope * right;
    phase += step;
    if (phase >= tableSize) phase -= tableSize;
    decay *= decayPerSample;
  }
}

interface Hit {
  at: number;
  seconds: number;
  gain: number;
  filter: { kind: 'bandpass' | 'highpass'; frequency: number; q?: number };
  decay: number;
  pan: number;
}

export function hit(bed: Bed, drum: Hit): void {
  const start = Math.round(drum.at * sampleRate);
  const length = Math.round(drum.seconds * sampleRate);
  const burst = new Float32Array(length);
  for (let i = 0; i < length; i++) burst[i] = bed.random() * Math.exp(-i / (drum.decay * sampleRate));
  biquad(burst, drum.filter.kind, drum.filter.frequency, drum.filter.q);
  const left = Math.cos(((drum.pan + 1) * Math.PI) / 4) * drum.gain;
  const right = Math.sin(((drum.pan + 1) * Math.PI) / 4) * drum.gain;
  for (let i = 0; i < length && start + i < bed.left.length; i++) {
    bed.left[start + i]! += burst[i]! * left;
    bed.right[start + i]! += burst[i]! * right;
  }
}

/** A kick a phone plays: a knock that falls from 190 Hz with a click, not a sub-bass boom. */
export function kick(bed: Bed, at: number, gain: number): void {
  const start = Math.round(at * sampleRate);
  const length = Math.round(0.28 * sampleRate);
  let phase = 0;
  for (let i = 0; i < length && start + i < bed.left.length; i++) {
    const t = i / sampleRate;
    const frequency = 90 + 110 * Math.exp(-t / 0.03);
    phase += (2 * Math.PI * frequency) / sampleRate;
    const body = Math.sin(phase) * Math.exp(-t / 0.09);
    const click = i < 96 ? bed.random() * (1 - i / 96) * 0.5 : 0;
    const value = (body + click) * gain;
    bed.left[start + i]! += value;
    bed.right[start + i]! += value;
  }
  hit(bed, {
    at,
    seconds: 0.05,
    gain: gain * 0.35,
    filter: { kind: 'bandpass', frequency: 2500, q: 0.9 },
    decay: 0.01,
    pan: 0,
  });
}

/** Beats in the bed, the last one started. */
export const beats = (bed: Bed) => Math.ceil(bed.left.length / sampleRate / bed.beat);

/** Each bar's chord and bass note, in turn, handed to the arrangement's parts. */
export function chordsAndBass(
  bed: Bed,
  chord: (bar: number, at: number, notes: number[]) => void,
  bass?: (bar: number, at: number, note: number) => void,
) {
  const { arrangement } = bed;
  for (let bar = 0; bar < bed.bars; bar++) {
    const at = bar * 4 * bed.beat;
    const index = bar % arrangement.chords.length;
    chord(bar, at, arrangement.chords[index]!);
    bass?.(bar, at, arrangement.bass[index]!);
  }
}

/** The bed's level: every style's bed is set to this RMS, so the mix places it by arithmetic. */
export const bedRmsDb = -20;

/** A style's bed, `seconds` long, at bedRmsDb, faded in and out. */
export function synthesizeBed(arrangement: Arrangement, seconds: number): { left: Float32Array; right: Float32Array } {
  const frames = Math.round(seconds * sampleRate);
  const beat = 60 / arrangement.bpm;
  const bed: Bed = {
    left: new Float32Array(frames),
    right: new Float32Array(frames),
    beat,
    bars: Math.ceil(seconds / (4 * beat)),
    arrangement,
    random: noise(0x5eed),
  };
  arrangement.parts(bed);
  for (const channel of [bed.left, bed.right]) {
    // Energy a phone speaker cannot play only takes loudness from the voice.
    biquad(channel, 'highpass', 150);
    biquad(channel, 'highpass', 150);
    biquad(channel, 'lowpass', 9000);
  }
  const level = Math.max(rms(bed.left), rms(bed.right), 1e-9);
  const gain = 10 ** (bedRmsDb / 20) / level;
  const fadeIn = Math.round(0.03 * sampleRate);
  const fadeOut = Math.round(0.6 * sampleRate);
  for (const channel of [bed.left, bed.right]) {
    for (let i = 0; i < frames; i++) {
      const edge = Math.min(1, i / fadeIn, (frames - 1 - i) / fadeOut);
      channel[i]! *= gain * Math.max(0, edge);
    }
  }
  return { left: bed.left, right: bed.right };
}
