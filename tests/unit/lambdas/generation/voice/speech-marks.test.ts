import { describe, expect, it } from 'vitest';
import { parseSpeechMarks, type SpeechMark, timeWords } from '#generation/voice/speech-marks.ts';
import { lineSsml } from '#generation/voice/ssml.ts';

/** Word marks at `times` (ms) for the words of `lineSsml(words)`, as Polly would point at them. */
function marksFor(
  words: string[],
  times: number[],
): { marks: SpeechMark[]; wordBytes: ReturnType<typeof lineSsml>['wordBytes'] } {
  const { ssml, wordBytes } = lineSsml(words, 1);
  const bytes = Buffer.from(ssml);
  const marks = wordBytes.flatMap(({ start, end }, index) =>
    times[index] === undefined
      ? []
      : [{ time: times[index]!, type: 'word' as const, start, end, value: bytes.subarray(start, end).toString() }],
  );
  return { marks, wordBytes };
}

describe('speech marks', () => {
  it('parses Polly’s newline-delimited JSON, skipping blank lines', () => {
    // Prepare
    const ndjson = [
      '{"time":6,"type":"sentence","start":31,"end":53,"value":"Mary had a little lamb"}',
      '{"time":6,"type":"word","start":31,"end":35,"value":"Mary"}',
      '',
      '{"time":373,"type":"word","start":36,"end":39,"value":"had"}',
      '',
    ].join('\n');

    // Act
    const marks = parseSpeechMarks(ndjson);

    // Assess
    expect(marks).toHaveLength(3);
    expect(marks[2]).toEqual({ time: 373, type: 'word', start: 36, end: 39, value: 'had' });
  });

  it.each([
    ['a line that is not JSON', '{"time":6,"type":"word"', /Speech mark 1 is not JSON/],
    [
      'a mark without a time',
      '{"type":"word","start":0,"end":4,"value":"Mary"}',
      /Speech mark 1 is malformed[\s\S]*time/,
    ],
  ])('rejects %s', (_, ndjson, message) => {
    expect(() => parseSpeechMarks(ndjson)).toThrow(message);
  });
});

describe('timing the words of a line from its marks', () => {
  it('lets each word last until the next starts, and the last one until the audio ends', () => {
    // Prepare
    const words = ['Order', 'your', 'first', 'bag.'];
    const { marks, wordBytes } = marksFor(words, [50, 400, 620, 900]);

    // Act
    const timed = timeWords(words, wordBytes, marks, 1.5);

    // Assess
    expect(timed).toEqual([
      { word: 'Order', startSeconds: 0.05, endSeconds: 0.4 },
      { word: 'your', startSeconds: 0.4, endSeconds: 0.62 },
      { word: 'first', startSeconds: 0.62, endSeconds: 0.9 },
      { word: 'bag.', startSeconds: 0.9, endSeconds: 1.5 },
    ]);
  });

  it('finds words whose bytes shift with escaping and multi-byte letters', () => {
    // Prepare
    const words = ['Café', '&', 'crème', 'brûlée'];
    const { marks, wordBytes } = marksFor(words, [10, 300, 450, 800]);

    // Act
    const timed = timeWords(words, wordBytes, marks, 1.2);

    // Assess
    expect(timed.map((word) => [word.word, word.startSeconds])).toEqual([
      ['Café', 0.01],
      ['&', 0.3],
      ['crème', 0.45],
      ['brûlée', 0.8],
    ]);
  });

  it('times a word Polly splits by its first mark, and leaves out a word with none', () => {
    // Prepare
    const words = ['Well-known', '—', 'roasters'];
    const { ssml, wordBytes } = lineSsml(words, 1);
    const at = (text: string) => Buffer.from(ssml).indexOf(text);
    const marks: SpeechMark[] = [
      { time: 40, type: 'word', start: at('Well'), end: at('Well') + 4, value: 'Well' },
      { time: 260, type: 'word', start: at('known'), end: at('known') + 5, value: 'known' },
      { time: 700, type: 'word', start: at('roasters'), end: at('roasters') + 8, value: 'roasters' },
    ];

    // Act
    const timed = timeWords(words, wordBytes, marks, 1.4);

    // Assess
    expect(timed).toEqual([
      { word: 'Well-known', startSeconds: 0.04, endSeconds: 0.7 },
      { word: 'roasters', startSeconds: 0.7, endSeconds: 1.4 },
    ]);
  });

  it('never runs backwards or past the audio, whatever the marks say', () => {
    // Prepare
    const words = ['one', 'two', 'three'];
    const { marks, wordBytes } = marksFor(words, [500, 300, 2000]);

    // Act
    const timed = timeWords(words, wordBytes, marks, 1);

    // Assess
    expect(timed).toEqual([
      { word: 'one', startSeconds: 0.5, endSeconds: 0.5 },
      { word: 'two', startSeconds: 0.5, endSeconds: 1 },
      { word: 'three', startSeconds: 1, endSeconds: 1 },
    ]);
  });
});
