// The Scheme festival runs for one line, and the reading of what it prints. Word times come from
// the utterance itself: each input token (a whitespace-separated word) owns the Words it expands
// to ("$30" → thirty dollars), and a Word's start and end are those of its first and last phone
// as the HTS engine timed them, so they match the audio, pauses excluded.
import { voiceSampleRate } from './voice.ts';

/**
 * The word as festival can read it: festival reads bytes as Latin-1, so UTF-8 letters are folded
 * to ASCII ("café" → "cafe", curly quotes → straight) and anything else (emoji, symbols) dropped.
 */
export function speakableWord(word: string): string {
  return (
    word
      .replace(/[‘’‚‛′]/g, "'")
      .replace(/[“”„‟″]/g, '"')
      .replace(/[‐‑‒–—―]/g, '-')
      .replace(/…/g, '...')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      // Printable ASCII without the space: one input word must stay one festival token.
      .replace(/[^\x21-\x7e]/g, '')
  );
}

/** A Scheme string literal: only a backslash and a double quote need escaping inside one. */
export function schemeString(text: string): string {
  return `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

export interface FestivalRead {
  /** Already speakable (see speakableWord) and non-empty. */
  words: readonly string[];
  /** The HTS engine's speech speed: 1 is the voice's own pace, 1.1 is 10 % faster. */
  rate: number;
  wavPath: string;
}

const wordLine = 'r5.word';
const heardLine = 'r5.heard';
const doneLine = 'r5.done';

/**
 * One script for every line of an ad: festival costs ~0.7 s and 300 MB to start, a line ~0.3 s to
 * synthesize. The rate is the HTS engine's own "-r" (frame rate): Parameter.set 'Duration_Stretch,
 * festival's duration stretch for diphone and clunits voices, changes nothing in an HTS voice.
 */
export function festivalScript(festivalVoice: string, reads: readonly FestivalRead[]): string {
  if (!/^[a-z0-9_]+$/.test(festivalVoice)) throw new Error(`Not a festival voice name: ${festivalVoice}`);
  const lines = reads.map((read, index) => {
    if (!(read.rate > 0)) throw new Error(`Not a speaking rate: ${read.rate}`);
    return `(r5.read ${index} ${read.rate} ${schemeString(read.words.join(' '))} ${schemeString(read.wavPath)})`;
  });
  return `(${festivalVoice})
(set! r5.params hts_engine_params)
(define (r5.spoken token)
  (let ((spoken nil))
    (mapcar (lambda (word) (if (item.relation word 'Word) (set! spoken (cons word spoken)))) (item.daughters token))
    (reverse spoken)))
(define (r5.read index rate text wav)
  (set! hts_engine_params (cons (list "-r" rate) r5.params))
  (set! utt (SynthText text))
  (utt.wave.resample utt ${voiceSampleRate})
  (utt.save.wave utt wav 'riff)
  (format t "${heardLine} %d %d\n" index (length (utt.relation.items utt 'Word)))
  (set! token (utt.relation.first utt 'Token))
  (while token
    (let ((spoken (r5.spoken token)))
      (if spoken
        (format t "${wordLine} %d %f %f\n" index (item.feat (car spoken) "word_start") (item.feat (car (last spoken)) "word_end"))
        (format t "${wordLine} %d -\n" index)))
    (set! token (item.next token)))
  ;; Out now, not when festival exits (a pipe is block-buffered): each read moves the order's bar.
  (fflush nil))
${lines.join('\n')}
(format t "${doneLine}\n")
`;
}

/** The index of the read a line of festival's printout says is finished, or null for any other line. */
export function readFinished(line: string): number | null {
  const [kind, index] = line.trim().split(' ');
  return kind === heardLine && /^\d+$/.test(index ?? '') ? Number(index) : null;
}

/** Per input word, its [start, end] in seconds, or null when festival says nothing for it. */
export type FestivalWordTimes = ([number, number] | null)[];

export interface FestivalTimes {
  times: FestivalWordTimes;
  /** Words festival said: its Word items ("$16" is two). */
  heardWords: number;
}

/** What festival printed for each read, in order; `wordCounts` are the reads' word counts. */
export function parseFestivalOutput(stdout: string, wordCounts: readonly number[]): FestivalTimes[] {
  const lines = stdout.split('\n').map((line) => line.trim());
  if (!lines.includes(doneLine)) throw new Error('festival stopped before timing the words');
  const reads: FestivalTimes[] = wordCounts.map(() => ({ times: [], heardWords: 0 }));
  const readOf = (field: string | undefined, line: string) => {
    const read = reads[Number(field)];
    if (!read || !/^\d+$/.test(field ?? '')) throw new Error(`festival printed a line for no read: ${line}`);
    return read;
  };
  for (const line of lines) {
    const [kind, index, ...fields] = line.split(' ');
    if (kind === heardLine) readOf(index, line).heardWords = Number(fields[0]);
    if (kind !== wordLine) continue;
    const read = readOf(index, line);
    const [start, end] = fields.map(Number);
    if (start === undefined || Number.isNaN(start)) {
      read.times.push(null);
      continue;
    }
    if (end === undefined || Number.isNaN(end)) throw new Error(`festival printed an unreadable time: ${line}`);
    read.times.push([start, end]);
  }
  // Festival splits tokens at whitespace only (token.singlecharsymbols is empty), so this holds.
  for (const [index, read] of reads.entries()) {
    if (read.times.length !== wordCounts[index]) {
      throw new Error(
        `festival read ${read.times.length} tokens where line ${index + 1} has ${wordCounts[index]} words`,
      );
    }
  }
  return reads;
}
