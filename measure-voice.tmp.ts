import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localVoice } from '#generation/voice/local-voice.ts';
import { heardPace, speechSeconds } from '#generation/voice/pace.ts';
import { voiceFor } from '#generation/voice/style-voices.ts';
import { wordErrorRate } from '#tests/bench/voice-wer.ts';

const lines = {
  'direct-response': [
    'Coffee roasted the day it ships. House Blend, sixteen dollars. Subscribe and save fifteen percent. Shop at emberoakcoffee.com.',
    'Coffee roasted the day it ships.',
    'House Blend, sixteen dollars. Subscribe and save fifteen percent.',
    'Buy three bags, get one free. Today only.',
  ],
  ugc: [
    'Okay, my cat is the pickiest eater I know.',
    'She finished the whole bag of salmon treats in a week.',
    'Honestly, they’re five dollars and she begs for more.',
    'Get yours at whiskertreats.com.',
  ],
  cinematic: [
    'Every bean is roasted by hand, the day it ships.',
    'A Yamaha XS four hundred, restored in our own garage.',
    'Four thousand two hundred dollars. One owner. Ready to ride.',
    'Ember and Oak. Find yours at emberoakcoffee.com.',
  ],
} as const;
const dir = await mkdtemp(join(tmpdir(), 'measure-voice-'));
const mode = process.argv[2] ?? 'new';
for (const [style, texts] of Object.entries(lines)) {
  const t0 = performance.now();
  const spoken = await localVoice().speakLines(
    texts.map((text) => ({ text })),
    voiceFor(style as never, 'local'),
    dir,
  );
  const seconds = (performance.now() - t0) / 1000;
  for (const [i, s] of spoken.entries()) {
    const { wer, heard } = await wordErrorRate(s.audioPath, texts[i]!);
    console.log(
      `${style}\t rate ${s.rate}\t heard ${s.heardWords}\t ${speechSeconds(s).toFixed(2)} s\t ${heardPace(s)?.toFixed(2)} w/s\t WER ${wer.toFixed(2)}\t ${heard.join(' ')}`,
    );
  }
  console.log(`${style}: ${texts.length} lines read in ${seconds.toFixed(2)} s`);
}
