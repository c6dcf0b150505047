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
  festivalVoice: string;
  /** The HTS engine's speech speed: 1 is the voice's own pace, 1.1 is 10 % faster. */
  rate: number;
  wavPath: string;
}

const wordLine = 'r5.word';
const doneLine = 'r5.done';

export function festivalScript(read: FestivalRead): string {
  if (!/^[a-z0-9_]+$/.test(read.festivalVoice)) throw new Error(`Not a festival voice name: ${read.festivalVoice}`);
  if (!(read.rate > 0)) throw new Error(`Not a speaking rate: ${read.rate}`);
  return `(${read.festivalVoice})
(set! hts_engine_params (cons (list "-r" ${read.rate}) hts_engine_params))
(set! utt (SynthText ${schemeString(read.words.join(' '))}))
(utt.wave.resample utt ${voiceSampleRate})
(utt.save.wave utt ${schemeString(read.wavPath)} 'riff)
(define (r5.spoken token)
  (let ((spoken nil))
    (mapcar (lambda (word) (if (item.relation word 'Word) (set! spoken (cons word spoken)))) (item.daughters token))
    (reverse spoken)))
(set! token (utt.relation.first utt 'Token))
(while token
  (let ((spoken (r5.spoken token)))
    (if spoken
      (format t "${wordLine} %f %f\\n" (item.feat (car spoken) "word_start") (item.feat (car (last spoken)) "word_end"))
      (format t "${wordLine} -\\n")))
  (set! token (item.next token)))
(format t "${doneLine}\\n")
`;
}

/** Per input word, its [start, end] in seconds, or null when festival says nothing for it. */
export type FestivalWordTimes = ([number, number] | null)[];

export function parseFestivalOutput(stdout: string, wordCount: number): FestivalWordTimes {
  const lines = stdout.split('\n').map((line) => line.trim());
  if (!lines.includes(doneLine)) throw new Error('festival stopped before timing the words');
  const times = lines
    .filter((line) => line.startsWith(`${wordLine} `))
    .map((line): [number, number] | null => {
      const [start, end] = line
        .slice(wordLine.length + 1)
        .split(' ')
        .map(Number);
      if (start === undefined || Number.isNaN(start)) return null;
      if (end === undefined || Number.isNaN(end)) throw new Error(`festival printed an unreadable time: ${line}`);
      return [start, end];
    });
  // Festival splits tokens at whitespace only (token.singlecharsymbols is empty), so this holds.
  if (times.length !== wordCount) {
    throw new Error(`festival read ${times.length} tokens where the line has ${wordCount} words`);
  }
  return times;
}
