import { describe, expect, it } from 'vitest';
import { festivalScript, parseFestivalOutput, schemeString, speakableWord } from '#generation/voice/festival-script.ts';

describe('words festival can read', () => {
  it.each([
    ['café', 'cafe'],
    ['“Honestly,”', '"Honestly,"'],
    ['it’s', "it's"],
    ['—', '-'],
    ['wait…', 'wait...'],
    ['☕', ''],
    ['ﬁne', 'fine'],
    ['naïve½', 'naive12'],
  ])('reads %s as %s', (word, speakable) => {
    expect(speakableWord(word)).toBe(speakable);
  });
});

describe('the festival script', () => {
  it('quotes the line so nothing in it runs as Scheme', () => {
    // Prepare
    const hostile = 'Fresh") (system "touch /tmp/x") ("\\';

    // Act
    const script = festivalScript({
      words: [hostile],
      festivalVoice: 'voice_cmu_us_slt_arctic_hts',
      rate: 1,
      wavPath: '/tmp/work "dir"/voice.wav',
    });

    // Assess
    expect(schemeString(hostile)).toBe('"Fresh\\") (system \\"touch /tmp/x\\") (\\"\\\\"');
    expect(script).toContain(`(SynthText ${schemeString(hostile)})`);
    expect(script).toContain('(utt.save.wave utt "/tmp/work \\"dir\\"/voice.wav" \'riff)');
  });

  it('sets the voice, the speech speed and 48 kHz output', () => {
    // Act
    const script = festivalScript({
      words: ['Order', 'now.'],
      festivalVoice: 'voice_cmu_us_slt_arctic_hts',
      rate: 0.75,
      wavPath: '/tmp/w/voice.wav',
    });

    // Assess
    expect(script.split('\n').slice(0, 5)).toEqual([
      '(voice_cmu_us_slt_arctic_hts)',
      '(set! hts_engine_params (cons (list "-r" 0.75) hts_engine_params))',
      '(set! utt (SynthText "Order now."))',
      '(utt.wave.resample utt 48000)',
      '(utt.save.wave utt "/tmp/w/voice.wav" \'riff)',
    ]);
  });

  it('refuses a voice name that is not a plain Scheme symbol', () => {
    expect(() =>
      festivalScript({ words: ['Hi'], festivalVoice: 'voice) (system "x"', rate: 1, wavPath: '/tmp/v.wav' }),
    ).toThrow(/Not a festival voice name/);
  });
});

describe('festival’s word times', () => {
  it('gives each input word its times, or null when it said nothing for it', () => {
    // Prepare
    const stdout = 'r5.word 0.175000 0.690000\nr5.word -\nr5.word 0.690000 1.340000\nr5.done\n';

    // Act + Assess
    expect(parseFestivalOutput(stdout, 3)).toEqual([[0.175, 0.69], null, [0.69, 1.34]]);
  });

  it('fails when festival stopped early or split the line differently', () => {
    expect(() => parseFestivalOutput('r5.word 0.1 0.2\n', 1)).toThrow(/stopped before timing/);
    expect(() => parseFestivalOutput('r5.word 0.1 0.2\nr5.done\n', 2)).toThrow(/read 1 tokens where the line has 2/);
  });
});
