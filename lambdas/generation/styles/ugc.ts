// UGC: a creator filming on their phone, first person and casual — an ad native to the feed.
// Lines about only what the site says ("they have the House Blend, it's $16."; never as the shop's
// customer), a POV hook or a "things I found" list, the shop's page scrolled on a phone, a viewer's
// comment and a friend's text that the same scene answers; a handheld camera and jump cuts; sticker
// text and the feed's boxed captions; easy lo-fi under a young, conversational voice.
import { bold } from '#generation/compose/looks.ts';
import { beats, chordsAndBass, hit, kick, play, tables } from '#generation/compose/music.ts';
import { scene } from '#generation/storyboard/scene-plans.ts';
import {
  closed,
  countWords,
  lower,
  namedThing,
  nounPhrase,
  question,
  quoted,
  rated,
  sentence,
  shortCta,
} from '#generation/storyboard/style-lines.ts';
import type { StyleDefinition } from './style-definition.ts';

export const ugc = {
  plan: {
    4: [scene('hook', 1.3), scene('benefit', 1.3), scene('cta', 1.4)],
    // After the hook, the shop's own page scrolled on a phone, as a creator shows where they found it.
    8: [scene('hook', 2, 2), scene('benefit', 2.2, 2, 'site-scroll'), scene('offer', 2), scene('cta', 1.8)],
    12: [
      scene('hook', 2.5, 2),
      scene('benefit', 2.7, 2, 'site-scroll'),
      scene('proof', 2.5, 2),
      scene('offer', 2.3),
      scene('cta', 2),
    ],
  },
  pace: { min: 2.4, max: 2.8 },
  endCardBeatSeconds: 1,
  copy: {
    persona: 'first-person',
    lines: {
      says: (fact, copy, hook) => {
        const casual = (text: string) => closed(lower(text, copy));
        switch (fact.kind) {
          case 'headline':
            return nounPhrase(fact.text)
              ? [`I found ${casual(fact.text)}`, `found ${casual(fact.text)}`, casual(fact.text)]
              : [question(fact.text) ? sentence(fact.text) : casual(fact.text)];
          case 'offer':
            return [`and the deal: ${casual(fact.text)}`, `the deal: ${casual(fact.text)}`];
          case 'product': {
            const { name, price } = fact.product;
            // "They" are the shop: the voice shows what it sells, never claims to have bought it
            // (a generated voice speaking as a customer would be a made-up testimonial, 16 CFR 465).
            return [
              ...(price ? [`they have the ${name}, it's ${price}.`, `the ${name} is ${price}.`] : []),
              `they have the ${name}.`,
              `the ${name}.`,
              `${name}.`,
            ];
          }
          case 'rating':
            return rated(fact).map((line) => casual(line));
          case 'review':
            return [`a customer wrote ${quoted(fact.quote)}`, quoted(fact.quote)];
          case 'claim':
            // "it comes with a 12-month warranty": a guarantee the customer got with it.
            return fact.claim.kind === 'guarantee' && /^\d/.test(fact.claim.text) && !hook
              ? [`it comes with a ${casual(fact.claim.text)}`, casual(fact.claim.text)]
              : [casual(fact.claim.text)];
          case 'benefit':
            return [`what stands out: ${casual(fact.text)}`, casual(fact.text)];
        }
      },
      // "I found small-batch coffee.": what the headline names, the screen showing the whole of it.
      shorterHook: (fact, copy) => {
        const thing = fact.kind === 'headline' && nounPhrase(fact.text) ? namedThing(fact.text) : undefined;
        return thing ? [`I found ${closed(lower(thing, copy))}`] : [];
      },
      // "POV: you found coffee roasted the day it ships": a headline that names a thing.
      hookText: (fact) =>
        fact.kind === 'headline' && nounPhrase(fact.text) ? `POV: you found ${lower(fact.text)}` : undefined,
      list: {
        title: (count, copy) => `${count} things I found at ${copy.name}`,
        says: (count, copy) => [
          `${countWords[count] ?? count} things I found at ${copy.name}.`,
          `${countWords[count] ?? count} finds from ${copy.name}.`,
        ],
      },
      cta: (label, copy) => [`it's at ${copy.domain}.`, `${copy.domain}.`, closed(lower(label, copy))],
      lastCta: (copy) => lower(shortCta(copy)),
      // "POV: you found Picky Paws": what a creator films when they find a shop, said as they say it.
      name: (copy) => ({
        shown: `POV: you found ${copy.name}`,
        says: [`okay so I found ${copy.name}.`, `I found ${copy.name}.`, `you found ${copy.name}.`, closed(copy.name)],
      }),
    },
    phoneElements: true,
    priceStamp: false,
    brief:
      'UGC: a creator filming on a phone, first person, casual, mostly lower case, saying only what the site says ("the House Blend is $16."); never a customer\'s experience the site does not quote. The hook may be a POV line ("POV: you found coffee that ships the day it\'s roasted"). No doubt the ad does not answer, no filler said twice. A phone element (comment-reply, text-bubble) only where the same scene\'s line answers it.',
  },
  visuals: {
    motions: ['handheld'],
    endCardMotion: 'handheld',
    // The product big in every scene, as a phone would film it.
    productFraming: () => 'product-hero',
    // Hands and a setting, never a face: a generated person in a first-person ad would be a made-up testimonial.
    footageCamera: {
      shot: 'Vertical phone footage, handheld point of view, natural window light, no face in frame',
      people: 'hands',
    },
  },
  look: {
    palette: { primary: '#ffffff', accent: '#db2777' },
    scheme: 'brand-room',
    type: {
      headline: bold(46, { treatment: 'sticker', lineHeight: 1.2, maxLines: 2 }),
      // The feed's own caption style: black words on white boxes, the word being said on the accent.
      caption: { ...bold(46, { weight: 800, treatment: 'boxed', maxLines: 1 }), maxWords: 3 },
      callout: bold(48, { weight: 900, treatment: 'sticker', maxLines: 2 }),
      phone: bold(38, { treatment: 'sticker', maxLines: 2, lineHeight: 1.18 }),
      endTitle: bold(50, { treatment: 'plain' }),
      endCta: bold(46, { weight: 900, maxLines: 2 }),
      endDomain: bold(38, { weight: 800, maxLines: 1, treatment: 'plain' }),
      dissolveSeconds: 0,
      textEntrance: { seconds: 0.18, kind: 'pop' },
      motion: { push: 0.04, panPx: 20, punch: 0, wobblePx: 9 },
      cardRadius: 22,
    },
    plate: 'bokeh-blob',
    blurTint: 'light',
    // A sticker slapped on at an angle.
    calloutTiltDeg: -7,
  },
  // Easy-going lo-fi: electric-piano chords, a soft kick, a rim click and a quiet shaker.
  music: {
    bpm: 92,
    chords: [
      [60, 64, 67, 71],
      [57, 60, 64, 67],
      [62, 65, 69, 72],
      [55, 59, 62, 65],
    ],
    bass: [48, 45, 50, 43],
    parts(bed) {
      chordsAndBass(
        bed,
        (_, at, notes) => {
          for (const hitAt of [0, 1.5, 2.5]) {
            for (const [voice, midi] of notes.entries()) {
              play(bed, {
                at: at + hitAt * bed.beat + voice * 0.012,
                seconds: bed.beat * 1.2,
                midi,
                gain: 0.075,
                table: tables.keys,
                attack: 0.006,
                release: 0.15,
                decay: 0.55,
                pan: voice % 2 ? 0.25 : -0.25,
              });
            }
          }
        },
        (_, at, note) => {
          for (const step of [0, 2.5]) {
            play(bed, {
              at: at + step * bed.beat,
              seconds: bed.beat * 1.4,
              midi: note + 12,
              gain: 0.17,
              table: tables.bass,
              attack: 0.01,
              release: 0.1,
              decay: 0.45,
              pan: 0,
            });
          }
        },
      );
      for (let beat = 0; beat < beats(bed); beat++) {
        const at = beat * bed.beat;
        if (beat % 2 === 0) kick(bed, at, 0.4);
        else
          hit(bed, {
            at,
            seconds: 0.08,
            gain: 0.3,
            filter: { kind: 'bandpass', frequency: 2600, q: 2 },
            decay: 0.012,
            pan: 0.1,
          });
        for (let sixteenth = 0; sixteenth < 4; sixteenth++) {
          hit(bed, {
            at: at + (sixteenth * bed.beat) / 4 + (sixteenth % 2 ? 0.02 : 0),
            seconds: 0.05,
            gain: sixteenth % 2 ? 0.05 : 0.08,
            filter: { kind: 'highpass', frequency: 5000 },
            decay: 0.018,
            pan: -0.3,
          });
        }
      }
    },
  },
  voice: {
    // A young, casual first-person voice.
    polly: { engine: 'polly', voiceId: 'Danielle', pollyEngine: 'neural', rate: 1.0 },
    // festival: pacing chose rates of 0.69–0.77 on four lines a marketer would write
    // (tests/integration/lambdas/generation/voice/local.test.ts); 0.75 lands most of them in range at the first read.
    local: { engine: 'local', festivalVoice: 'voice_cmu_us_slt_arctic_hts', rate: 0.75 },
  },
} satisfies StyleDefinition;
