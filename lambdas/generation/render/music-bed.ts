// A music bed synthesised by aevalsrc, so no audio file (and no licence) is involved: a
// four-chord loop per style, built from sines with short attacks and releases at every note
// boundary (a frequency change on a sounding sine clicks). It is generated mono at 24 kHz to
// halve the cost of evaluating the expression, then widened to stereo with a Haas delay.
import { filter } from './filter-escape.ts';
import type { RenderStyle } from './render-spec.ts';

interface MusicLook {
  bpm: number;
  /** Output gain, measured per style: every bed sits at -22..-17 dBFS mean with peaks under -5 dBFS. */
  gain: number;
  beatsPerChord: number;
  /** MIDI note numbers, three per chord, four chords. */
  chords: [number, number, number][];
  /** Builds the expression from the beat length and the chord-note frequency expressions. */
  voices: (beat: number, chordLength: number, notes: string[], bass: string) => string;
}

const hz = (midi: number) => (440 * 2 ** ((midi - 69) / 12)).toFixed(2);
const tau = '2*PI';

// Variables stored once per sample: 0 = time in beat, 1 = chord index, 2 = time in chord.
const beatTime = 'ld(0)';
const chordTime = 'ld(2)';

const looks: Record<RenderStyle, MusicLook> = {
  // Slow swelling pad (Am F C G) over a sub bass: mood, not rhythm.
  cinematic: {
    bpm: 60,
    gain: 0.42,
    beatsPerChord: 3,
    chords: [
      [57, 60, 64],
      [53, 57, 60],
      [55, 60, 64],
      [55, 59, 62],
    ],
    voices: (_beat, chordLength, notes, bass) => {
      const envelope = `min(1,${chordTime}/0.35)*min(1,(${chordLength}-${chordTime})/0.3)`;
      const pad = notes.map((note) => `sin(${tau}*${note}*t)+0.5*sin(${tau}*${note}*1.004*t)`).join('+');
      return `${envelope}*(0.09*(${pad})+0.3*sin(${tau}*${bass}*t))`;
    },
  },
  // 120 bpm four-on-the-floor kick, off-beat chord stabs and a pumping bass (C G Am F).
  'direct-response': {
    bpm: 120,
    gain: 0.5,
    beatsPerChord: 4,
    chords: [
      [60, 64, 67],
      [59, 62, 67],
      [57, 60, 64],
      [57, 60, 65],
    ],
    voices: (beat, _chordLength, notes, bass) => {
      const offBeat = `mod(t+${beat / 2},${beat})`;
      const kick = `sin(${tau}*(48*${beatTime}+4*(1-exp(-25*${beatTime}))))*exp(-10*${beatTime})`;
      const stab = `min(1,${offBeat}/0.005)*exp(-9*${offBeat})*(${notes.map((note) => `sin(${tau}*${note}*2*t)`).join('+')})`;
      const bassLine = `min(1,${beatTime}/0.01)*(1-${beatTime}/${beat})*sin(${tau}*${bass}*t)`;
      return `0.42*${kick}+0.1*${stab}+0.26*${bassLine}`;
    },
  },
  // Lazy 84 bpm electric-piano chords and a soft kick on 1 and 3 (Fmaj7-ish, Em, Dm, C).
  ugc: {
    bpm: 84,
    gain: 0.55,
    beatsPerChord: 4,
    chords: [
      [57, 60, 64],
      [55, 59, 64],
      [53, 57, 62],
      [52, 55, 60],
    ],
    voices: (beat, _chordLength, notes, bass) => {
      const halfBar = `mod(t,${beat * 2})`;
      const keys = notes.map((note) => `sin(${tau}*${note}*t)+0.25*sin(${tau}*${note}*2*t)`).join('+');
      const kick = `sin(${tau}*(52*${halfBar}+3*(1-exp(-20*${halfBar}))))*exp(-8*${halfBar})`;
      return `min(1,min(${beatTime}/0.01,(${beat}-${beatTime})/0.04))*exp(-2.6*${beatTime})*(0.13*(${keys})+0.2*sin(${tau}*${bass}*t))+0.16*${kick}`;
    },
  },
};

/** The note of every chord at one voice position, as a frequency expression on the chord index. */
function chordVoice(chords: [number, number, number][], voice: (chord: [number, number, number]) => number): string {
  return chords
    .slice(0, -1)
    .reduceRight(
      (otherwise, chord, i) => `if(eq(ld(1),${i}),${hz(voice(chord))},${otherwise})`,
      hz(voice(chords.at(-1)!)),
    );
}

/** The aevalsrc expression for a style (mono, peak below 1). */
function musicExpression(style: RenderStyle): string {
  const look = looks[style];
  const beat = 60 / look.bpm;
  const chordLength = beat * look.beatsPerChord;
  const notes = [0, 1, 2].map((n) => chordVoice(look.chords, (chord) => chord[n]!));
  const bass = chordVoice(look.chords, (chord) => chord[0] - 24);
  const variables = `st(0,mod(t,${beat}));st(1,mod(floor(t/${chordLength}),4));st(2,mod(t,${chordLength}));`;
  return `${variables}${look.voices(beat, chordLength, notes, bass)}`;
}

/** An audio chain ending in `[out]`: the bed, faded in and out, 48 kHz stereo. */
export function musicBed(style: RenderStyle, durationSeconds: number, out: string): string {
  const fadeOut = Math.min(1, durationSeconds / 4);
  return [
    filter('aevalsrc', { exprs: musicExpression(style), s: 24000, d: durationSeconds }),
    filter('afade', { t: 'in', d: 0.15 }),
    filter('afade', { t: 'out', st: durationSeconds - fadeOut, d: fadeOut }),
    'aresample=48000',
    'pan=stereo|c0=c0|c1=c0',
    'haas',
    `volume=${looks[style].gain}`,
    // The 2018 build does not hand the AAC encoder 1024-sample frames when the graph has no input
    // file ("more samples than frame size"), so the chain cuts them itself.
    'asetnsamples=n=1024:p=0',
  ]
    .join(',')
    .concat(`[${out}]`);
}
