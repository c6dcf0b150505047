// Cinematic: the brand as a calm narrator, a mood more than a pitch — for a product worth lingering on.
// Full, quiet sentences; one slow shot per scene with a camera that pushes in and pulls out; light,
// letter-spaced type on a dark stage, dissolves between scenes; a swelling pad under a low,
// unhurried voice.
import { bold } from '#generation/compose/looks.ts';
import { beats, chordsAndBass, kick, play, tables } from '#generation/compose/music.ts';
import { scene } from '#generation/storyboard/scene-plans.ts';
import { plain, quoted, rated, sentence, shortCta } from '#generation/storyboard/style-lines.ts';
import type { StyleDefinition } from './style-definition.ts';

export const cinematic = {
  plan: {
    4: [scene('hook', 1.3), scene('benefit', 1.3), scene('cta', 1.4)],
    8: [scene('hook', 2), scene('benefit', 2.2), scene('offer', 2), scene('cta', 1.8)],
    12: [scene('hook', 2.5), scene('benefit', 2.7), scene('proof', 2.5), scene('offer', 2.3), scene('cta', 2)],
  },
  pace: { min: 2.0, max: 2.4 },
  endCardBeatSeconds: 1.4,
  copy: {
    persona: 'brand',
    lines: {
      says: (fact, copy) => {
        switch (fact.kind) {
          case 'product': {
            const { name, price } = fact.product;
            // Where the price takes too long to say, the voice names the product; the screen shows its price.
            return [
              ...(price ? [`Our ${name}, ${price}.`, `${name}, ${price}.`] : []),
              `This is our ${name}.`,
              `Our ${name}.`,
              `${name}.`,
            ];
          }
          case 'rating':
            return rated(fact).map(sentence);
          case 'review':
            return [`One customer wrote: ${quoted(fact.quote)}`, quoted(fact.quote)];
          default:
            return [sentence(plain(fact, copy))];
        }
      },
      cta: (label, copy) => [`${sentence(label)} ${copy.domain}.`, sentence(label), `${copy.domain}.`],
      lastCta: shortCta,
      name: (copy) => ({ shown: copy.name, says: [`This is ${copy.name}.`, sentence(copy.name)] }),
    },
    phoneElements: false,
    priceStamp: false,
    brief:
      'Cinematic: the brand speaking, calm and elegant. Full quiet sentences, a mood more than a pitch. No exclamation marks.',
  },
  visuals: {
    motions: ['push-in', 'pull-out'],
    endCardMotion: 'static',
    // The hook and a benefit's first shot show the product big; the rest beside its split field.
    productFraming: (role, shotIndex) =>
      role === 'hook' || (role === 'benefit' && shotIndex === 0) ? 'product-hero' : 'product-split',
    footageCamera: {
      shot: 'Slow cinematic dolly-in, shallow depth of field, warm natural light, film grain',
      people: 'people',
    },
  },
  look: {
    palette: { primary: '#0f0f12', accent: '#e8c170' },
    scheme: 'deep-shade',
    type: {
      headline: {
        weight: 300,
        size: 52,
        minSize: 44,
        uppercase: true,
        letterSpacingEm: 0.12,
        lineHeight: 1.18,
        maxLines: 2,
        treatment: 'plain',
      },
      caption: { ...bold(48, { weight: 600, treatment: 'plain' }), maxWords: 3 },
      callout: bold(44, { weight: 300, minSize: 44, uppercase: true, letterSpacingEm: 0.08, treatment: 'plain' }),
      phone: bold(38, { treatment: 'sticker' }),
      endTitle: {
        weight: 300,
        size: 54,
        minSize: 44,
        uppercase: true,
        letterSpacingEm: 0.14,
        lineHeight: 1.15,
        maxLines: 2,
        treatment: 'plain',
      },
      endCta: bold(40, { weight: 600, uppercase: true, letterSpacingEm: 0.12, maxLines: 2, treatment: 'boxed' }),
      endDomain: bold(36, { weight: 600, letterSpacingEm: 0.04, maxLines: 1, treatment: 'plain' }),
      dissolveSeconds: 0.4,
      textEntrance: { seconds: 0.5, kind: 'fade-rise' },
      motion: { push: 0.07, panPx: 26, punch: 0, wobblePx: 0 },
      cardRadius: 28,
    },
    plate: 'glow-vignette',
    blurTint: 'shade',
    // Level: a tilted sticker would break the calm.
    calloutTiltDeg: 0,
  },
  // Slow, warm and open: a swelling pad, a plucked arpeggio and a soft heartbeat kick.
  music: {
    bpm: 76,
    chords: [
      [57, 60, 64, 69],
      [53, 57, 60, 65],
      [48, 55, 60, 64],
      [55, 59, 62, 67],
    ],
    bass: [45, 41, 48, 43],
    parts(bed) {
      const bar = 4 * bed.beat;
      chordsAndBass(
        bed,
        (_, at, notes) => {
          for (const [voice, midi] of notes.entries()) {
            const common = {
              at,
              seconds: bar + 0.3,
              table: tables.pad,
              attack: 0.5,
              release: 0.45,
              decay: 0,
              pan: voice % 2 ? 0.35 : -0.35,
            };
            play(bed, { ...common, midi, gain: 0.07, detuneCents: -7 });
            play(bed, { ...common, midi, gain: 0.07, detuneCents: 7, pan: -common.pan });
          }
          const arpeggio = [
            notes[0]! + 12,
            notes[1]! + 12,
            notes[2]! + 12,
            notes[3]! + 12,
            notes[2]! + 12,
            notes[1]! + 12,
            notes[2]! + 12,
            notes[3]! + 12,
          ];
          arpeggio.forEach((midi, step) => {
            play(bed, {
              at: at + (step * bed.beat) / 2,
              seconds: 0.7,
              midi,
              gain: 0.09,
              table: tables.keys,
              attack: 0.004,
              release: 0.2,
              decay: 0.28,
              pan: step % 2 ? 0.4 : -0.4,
            });
          });
        },
        (_, at, note) =>
          play(bed, {
            at,
            seconds: bar,
            midi: note + 12,
            gain: 0.16,
            table: tables.bass,
            attack: 0.08,
            release: 0.3,
            decay: 1.6,
            pan: 0,
          }),
      );
      for (let beat = 0; beat < beats(bed); beat += 2) kick(bed, beat * bed.beat, 0.35);
    },
  },
  voice: {
    // A low, unhurried male narrator.
    polly: { engine: 'polly', voiceId: 'Gregory', pollyEngine: 'neural', rate: 0.85 },
    // festival: pacing chose rates of 0.65–0.81 on four lines a marketer would write
    // (tests/integration/lambdas/generation/voice/local.test.ts); 0.71 lands most of them in range at the first read.
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.71 },
  },
} satisfies StyleDefinition;
