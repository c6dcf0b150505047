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
    const script = festivalScript('voice_cmu_us_slt_arctic_hts', [
      { words: [hostile], rate: 1, wavPath: '/tmp/work "dir"/voice.wav' },
    ]);

    // Assess
    expect(schemeString(hostile)).toBe('"Fresh\\") (system \\"touch /tmp/x\\") (\\"\\\\"');
    expect(script).toContain(`(r5.read 0 1 ${schemeString(hostile)} "/tmp/work \\"dir\\"/voice.wav")`);
  });

  it('sets the voice once and reads every line at its own speech speed, at 48 kHz', () => {
    // Act
    const script = festivalScript('voice_cmu_us_slt_arctic_hts', [
      { words: ['Order', 'now.'], rate: 0.75, wavPath: '/tmp/w/a.wav' },
      { words: ['Shop', 'today.'], rate: 1.1, wavPath: '/tmp/w/b.wav' },
    ]);

    // Assess
    const lines = script.split('\n');
    expect(lines[0]).toBe('(voice_cmu_us_slt_arctic_hts)');
    expect(lines.filter((line) => line === '(voice_cmu_us_slt_arctic_hts)')).toHaveLength(1);
    expect(script).toContain('(set! hts_engine_params (cons (list "-r" rate) r5.params))');
    expect(script).toContain('(utt.wave.resample utt 48000)');
    expect(lines.filter((line) => line.startsWith('(r5.read '))).toEqual([
      '(r5.read 0 0.75 "Order now." "/tmp/w/a.wav")',
      '(r5.read 1 1.1 "Shop today." "/tmp/w/b.wav")',
    ]);
  });

  it('refuses a voice name that is not a plain Scheme symbol', () => {
    expect(() => festivalScript('voice) (system "x"', [{ words: ['Hi'], rate: 1, wavPath: '/tmp/v.wav' }])).toThrow(
      /Not a festival voice name/,
    );
  });
});

describe('festival’s word times', () => {
  it('gives each read its heard words and each input word its times, or null when it said nothing for it', () => {
    // Prepare
    const stdout = [
      'r5.heard 0 4',
      'r5.word 0 0.175000 0.690000',
      'r5.word 0 -',
      'r5.word 0 0.690000 1.340000',
      'r5.heard 1 1',
      'r5.word 1 0.2 0.5',
      'r5.done',
      '',
    ].join('\n');

    // Act + Assess
    expect(parseFestivalOutput(stdout, [3, 1])).toEqual([
      { heardWords: 4, times: [[0.175, 0.69], null, [0.69, 1.34]] },
      { heardWords: 1, times: [[0.2, 0.5]] },
    ]);
  });

  it('fails when festival stopped early or split a line differently', () => {
    expect(() => parseFestivalOutput('r5.word 0 0.1 0.2\n', [1])).toThrow(/stopped before timing/);
    expect(() => parseFestivalOutput('r5.word 0 0.1 0.2\nr5.done\n', [2])).toThrow(/read 1 tokens where line 1 has 2/);
    expect(() => parseFestivalOutput('r5.word 3 0.1 0.2\nr5.done\n', [1])).toThrow(/a line for no read/);
  });
});
