// Direct response: the hard sell — the product, its price and the offer, fast and loud — to convert.
// Urgent, exclaimed lines that name the price with its product (stamped beside it); two shots a
// scene, punched in on every cut; heavy uppercase type in boxes on the brand's own colour at full
// strength; four-on-the-floor under a bright, energetic voice.
import { bold } from '#generation/compose/looks.ts';
import { beats, chordsAndBass, hit, kick, play, tables } from '#generation/compose/music.ts';
import { scene } from '#generation/storyboard/scene-plans.ts';
import {
  exclaim,
  lower,
  plain,
  question,
  quoted,
  rated,
  sentence,
  shortCta,
} from '#generation/storyboard/style-lines.ts';
import type { StyleDefinition } from './style-definition.ts';

export const directResponse = {
  plan: {
    4: [scene('hook', 1.3), scene('benefit', 1.3), scene('cta', 1.4)],
    8: [scene('hook', 2, 2), scene('benefit', 2.2, 2), scene('offer', 2, 2), scene('cta', 1.8)],
    12: [
      scene('hook', 2.5, 2),
      scene('benefit', 2.7, 2),
      scene('proof', 2.5, 2),
      scene('offer', 2.3, 2),
      scene('cta', 2),
    ],
  },
  pace: { min: 2.6, max: 3.0 },
  endCardBeatSeconds: 1,
  copy: {
    persona: 'brand',
    lines: {
      says: (fact, copy) => {
        switch (fact.kind) {
          case 'product': {
            const { name, price } = fact.product;
            const named = [`Get the ${name}!`, `The ${name}!`, `${name}!`];
            if (!price) return named;
            // "From $12/month" is a lowest price; only a single price is "just".
            const priced = /^from\b/i.test(price) ? price : `just ${price}`;
            return [`${name}, ${priced}!`, `${name}, ${price}!`, ...named];
          }
          case 'rating':
            return rated(fact).map(exclaim);
          case 'review':
            return [`Customers say: ${quoted(fact.quote)}`, quoted(fact.quote)];
          case 'headline':
            return [question(fact.text) ? sentence(fact.text) : exclaim(fact.text)];
          case 'offer':
            return [`Right now: ${lower(exclaim(fact.text), copy)}`, exclaim(fact.text)];
          default:
            return [exclaim(plain(fact, copy))];
        }
      },
      cta: (label, copy) => [`${label} at ${copy.domain}!`, exclaim(label), `${copy.domain}!`],
      lastCta: (copy) => exclaim(shortCta(copy)),
      name: (copy) => ({
        shown: copy.name,
        says: [`Say hello to ${copy.name}!`, `This is ${copy.name}!`, exclaim(copy.name)],
      }),
    },
    phoneElements: false,
    priceStamp: true,
    brief:
      'Direct response: urgent and concrete. The product with its price, the offer, numbers with their nouns; short punchy sentences; the CTA spoken.',
  },
  visuals: {
    motions: ['static'],
    endCardMotion: 'static',
    // The hook shows the product big; every other scene beside its split field.
    productFraming: (role) => (role === 'hook' ? 'product-hero' : 'product-split'),
    footageCamera: {
      shot: 'Bright, punchy handheld close-up, crisp daylight, fast but steady motion',
      people: 'people',
    },
  },
  look: {
    palette: { primary: '#dc2626', accent: '#fde047' },
    scheme: 'bold-poster',
    type: {
      headline: bold(60, { weight: 900, uppercase: true, lineHeight: 1.04, maxLines: 2 }),
      caption: { ...bold(58, { weight: 900, uppercase: true, treatment: 'outline', maxLines: 1 }), maxWords: 2 },
      callout: bold(58, { weight: 900, uppercase: true, maxLines: 2, lineHeight: 1 }),
      phone: bold(38, { treatment: 'sticker' }),
      endTitle: bold(58, { weight: 900, uppercase: true, treatment: 'plain', lineHeight: 1.04 }),
      endCta: bold(54, { weight: 900, uppercase: true, maxLines: 2 }),
      endDomain: bold(40, { weight: 800, maxLines: 1, treatment: 'boxed' }),
      dissolveSeconds: 0,
      textEntrance: { seconds: 0.14, kind: 'slam' },
      motion: { push: 0.05, panPx: 22, punch: 0.08, wobblePx: 0 },
      cardRadius: 18,
    },
    plate: 'banded-burst',
    blurTint: 'shade',
    // A price sticker slapped on at an angle.
    calloutTiltDeg: -7,
  },
  // Urgent: four-on-the-floor, claps on 2 and 4, off-beat hats, pumping bass and chord stabs.
  music: {
    bpm: 124,
    chords: [
      [60, 64, 67, 72],
      [57, 60, 64, 69],
      [53, 57, 60, 65],
      [55, 59, 62, 67],
    ],
    bass: [48, 45, 41, 43],
    parts(bed) {
      chordsAndBass(
        bed,
        (_, at, notes) => {
          for (let step = 0; step < 8; step++) {
            if (step % 2 === 0) continue;
            for (const midi of notes) {
              play(bed, {
                at: at + (step * bed.beat) / 2,
                seconds: 0.18,
                midi,
                gain: 0.05,
                table: tables.stab,
                attack: 0.003,
                release: 0.06,
                decay: 0.09,
                pan: midi % 2 ? 0.3 : -0.3,
              });
            }
          }
        },
        (_, at, note) => {
          for (let step = 0; step < 8; step++) {
            play(bed, {
              at: at + (step * bed.beat) / 2,
              seconds: bed.beat / 2,
              midi: note + 12,
              gain: 0.2,
              table: tables.bass,
              attack: 0.005,
              release: 0.04,
              decay: 0.14,
              pan: 0,
            });
          }
        },
      );
      for (let beat = 0; beat < beats(bed); beat++) {
        const at = beat * bed.beat;
        kick(bed, at, 0.4);
        if (beat % 2 === 1) {
          for (const [flam, delay] of [0, 0.011, 0.022].entries()) {
            hit(bed, {
              at: at + delay,
              seconds: 0.22,
              gain: 0.5 - flam * 0.1,
              filter: { kind: 'bandpass', frequency: 1400, q: 0.7 },
              decay: 0.05,
              pan: 0,
            });
          }
        }
        hit(bed, {
          at: at + bed.beat / 2,
          seconds: 0.06,
          gain: 0.1,
          filter: { kind: 'highpass', frequency: 6500 },
          decay: 0.02,
          pan: 0.3,
        });
      }
    },
  },
  voice: {
    // A bright, energetic male voice.
    polly: { engine: 'polly', voiceId: 'Matthew', pollyEngine: 'neural', rate: 1.1 },
    // festival: pacing chose rates of 0.78–1.35 on four lines a marketer would write
    // (tests/integration/lambdas/generation/voice/local.test.ts); 0.9 lands most of them in range at the first read.
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.9 },
  },
} satisfies StyleDefinition;
