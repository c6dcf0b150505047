// The soundtrack: every placed voice line at its time (high-passed and evened out by a gentle
// compressor), the style's music bed ducked under the voice from the known speech times (music
// ≥ 20 dB under speech, up again in the gaps), then set to −14 LUFS / ≤ −1 dBTP (loudness.ts).
// Writes the voice stem too, so the speech gate measures the voice that was mixed.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { biquad, dbToGain, floatStereoWav, gainToDb, pcm16MonoWav, readPcm16Wav, rms, sampleRate } from './dsp.ts';
import { type Loudness, normaliseLoudness } from './loudness.ts';
import { type Arrangement, bedRmsDb, synthesizeBed } from './music.ts';
import type { PlacedLine } from './voice-track.ts';

/** Speech sits here before loudness is set; the music is placed relative to it. */
const speechRmsDb = -18;
/** Music level relative to speech: in the gaps, and while a line is spoken. */
const musicInGapsDb = -4;
const musicUnderSpeechDb = -24;
const duckAttackSeconds = 0.15;
const duckReleaseSeconds = 0.45;

export interface Soundtrack {
  /** 48 kHz stereo float WAV at the target loudness. */
  path: string;
  /** The voice alone (mono), for the speech gate. */
  voicePath: string;
  loudness: Loudness;
  /** How far the music sits under the speech while a line is spoken, dB (RMS). */
  duckingDb: number;
}

/** A line's audio as heard: the trimmed words, at the speed they were read (voice/pace.ts fitted them). */
async function lineSamples(line: PlacedLine): Promise<Float32Array> {
  const wav = readPcm16Wav(await readFile(line.audioPath));
  if (wav.sampleRate !== sampleRate) throw new Error(`Voice audio is ${wav.sampleRate} Hz, not ${sampleRate} Hz`);
  const from = Math.round(line.trim.startSeconds * sampleRate);
  const to = Math.min(wav.samples.length, Math.round(line.trim.endSeconds * sampleRate));
  return wav.samples.slice(from, to);
}

/** A feed-forward compressor (RMS detector): evens a read out so the limiter has little left to do. */
function compress(samples: Float32Array, thresholdDb: number, ratio: number): void {
  const attack = Math.exp(-1 / (0.005 * sampleRate));
  const release = Math.exp(-1 / (0.12 * sampleRate));
  let envelope = 0;
  for (let i = 0; i < samples.length; i++) {
    const power = samples[i]! * samples[i]!;
    envelope = power > envelope ? attack * envelope + (1 - attack) * power : release * envelope + (1 - release) * power;
    const levelDb = 10 * Math.log10(envelope + 1e-12);
    const overDb = levelDb - thresholdDb;
    if (overDb > 0) samples[i]! *= dbToGain(-overDb * (1 - 1 / ratio));
  }
}

/** 0 where the music plays in full, 1 where it is fully ducked, ramping around each line. */
export function duckCurve(lines: readonly PlacedLine[], frames: number): Float32Array {
  const curve = new Float32Array(frames);
  for (const line of lines) {
    const start = line.startSeconds * sampleRate;
    const end = line.endSeconds * sampleRate;
    const from = Math.max(0, Math.floor(start - duckAttackSeconds * sampleRate));
    const to = Math.min(frames, Math.ceil(end + duckReleaseSeconds * sampleRate));
    for (let i = from; i < to; i++) {
      const amount =
        i < start
          ? 1 - (start - i) / (duckAttackSeconds * sampleRate)
          : i > end
            ? 1 - (i - end) / (duckReleaseSeconds * sampleRate)
            : 1;
      if (amount > curve[i]!) curve[i] = amount;
    }
  }
  return curve;
}

/** `music`: the style's arrangement (its definition's `music`). */
export async function mixSoundtrack(
  music: Arrangement,
  durationSeconds: number,
  lines: readonly PlacedLine[],
  workDir: string,
  signal?: AbortSignal,
): Promise<Soundtrack> {
  const frames = Math.round(durationSeconds * sampleRate);
  const voice = new Float32Array(frames);
  const edge = Math.round(0.006 * sampleRate);
  const reads = await Promise.all(lines.map((line) => lineSamples(line)));
  lines.forEach((line, index) => {
    const samples = reads[index]!;
    const start = Math.round(line.startSeconds * sampleRate);
    for (let i = 0; i < samples.length && start + i < frames; i++) {
      const fade = Math.min(1, i / edge, (samples.length - 1 - i) / edge);
      voice[start + i]! += samples[i]! * fade;
    }
  });
  biquad(voice, 'highpass', 90);
  compress(voice, -26, 2.5);

  // Speech level measured where words are spoken.
  const spoken = lines.map(
    (line) =>
      [Math.round(line.startSeconds * sampleRate), Math.min(frames, Math.round(line.endSeconds * sampleRate))] as const,
  );
  const spokenRms = (channel: Float32Array) => {
    let sum = 0;
    let count = 0;
    for (const [from, to] of spoken) {
      const value = rms(channel, from, to);
      sum += value * value * (to - from);
      count += to - from;
    }
    return Math.sqrt(sum / Math.max(1, count));
  };
  const voiceGain = spoken.length > 0 ? dbToGain(speechRmsDb) / Math.max(spokenRms(voice), 1e-9) : 1;
  for (let i = 0; i < frames; i++) voice[i]! *= voiceGain;

  const bed = synthesizeBed(music, durationSeconds);
  const duck = duckCurve(lines, frames);
  const gapGain = dbToGain(speechRmsDb + musicInGapsDb - bedRmsDb);
  const duckedGain = dbToGain(speechRmsDb + musicUnderSpeechDb - bedRmsDb);
  for (let i = 0; i < frames; i++) {
    const gain = gapGain + (duckedGain - gapGain) * duck[i]!;
    bed.left[i]! *= gain;
    bed.right[i]! *= gain;
  }
  const duckingDb =
    spoken.length > 0 ? gainToDb(spokenRms(voice)) - gainToDb(Math.max(spokenRms(bed.left), spokenRms(bed.right))) : 0;

  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = voice[i]! + bed.left[i]!;
    right[i] = voice[i]! + bed.right[i]!;
  }
  const mixPath = join(workDir, 'mix.wav');
  const voicePath = join(workDir, 'voice.wav');
  const path = join(workDir, 'soundtrack.wav');
  await Promise.all([writeFile(mixPath, floatStereoWav(left, right)), writeFile(voicePath, pcm16MonoWav(voice))]);
  const loudness = await normaliseLoudness(mixPath, path, signal);
  return { path, voicePath, loudness, duckingDb: Number(duckingDb.toFixed(1)) };
}
