// The voice's word error rate against its script (advisory: its thresholds depend on the voice):
// pocketsphinx (Debian's pocketsphinx + pocketsphinx-en-us) listens to each line with a language
// model built for this ad's script — its unigrams and bigrams mixed 50/50 with a uniform
// background over the pronouncing dictionary — so a correct reading scores ~0 and a misread,
// dropped or swapped word shows. The generic model scores correct festival audio 0.5–0.75: useless.
import { execFile } from 'node:child_process';
import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { speakable } from '#generation/storyboard/spoken-words.ts';
import { saidAs } from '#generation/words/split-words.ts';

const run = promisify(execFile);
export const cmudictPath = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

const ones =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A whole number below a million as it is said: 4200 → "four thousand two hundred". */
export function numberWords(value: number): string {
  if (value >= 1_000_000) return String(value);
  if (value >= 1000) {
    const rest = value % 1000;
    return `${numberWords(Math.floor(value / 1000))} thousand${rest ? ` ${numberWords(rest)}` : ''}`;
  }
  if (value >= 100) {
    const rest = value % 100;
    return `${ones[Math.floor(value / 100)]} hundred${rest ? ` ${numberWords(rest)}` : ''}`;
  }
  if (value >= 20) return `${tens[Math.floor(value / 10)]}${value % 10 ? ` ${ones[value % 10]}` : ''}`;
  return ones[value]!;
}

/** "$4,200" → "four thousand two hundred dollars", "15%" → "fifteen percent", "4.8" → "four point eight". */
function spellNumbers(text: string): string {
  return text.replace(
    /([$€£]?)(\d[\d,]*)(?:\.(\d+))?(%?)/g,
    (_, currency: string, whole: string, decimals, percent) => {
      const said = [numberWords(Number(whole.replace(/,/g, '')))];
      if (decimals) said.push('point', ...[...(decimals as string)].map((digit) => ones[Number(digit)]!));
      if (currency) said.push({ $: 'dollars', '€': 'euros', '£': 'pounds' }[currency] ?? '');
      if (percent) said.push('percent');
      return ` ${said.join(' ')} `;
    },
  );
}

/** The words as the recogniser spells them: lower case, numbers said, a run-together domain as its words ("ember oak coffee dot com"), letters and apostrophes. */
export const scriptWords = (text: string) =>
  spellNumbers(speakable(text).split(/\s+/).map(saidAs).join(' ').replace(/&/g, ' and ').replace(/[’‘]/g, "'"))
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word-level edit distance ÷ the reference's length (0 when both are empty). */
export function wordErrorRate(reference: readonly string[], heard: readonly string[]): number {
  if (reference.length === 0) return heard.length ? 1 : 0;
  let previous = Array.from({ length: heard.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= heard.length; j++) {
      const substitution = previous[j - 1]! + (reference[i - 1] === heard[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[heard.length]! / reference.length;
}

/**
 * An ARPA bigram model of `sentences` (each a line of the script) over `vocabulary`: script words
 * weigh `scriptShare` of the unigram mass, the rest is spread evenly over the dictionary; a
 * bigram mixes its script probability (weight `bigramShare`) with the unigram.
 */
export function scriptLanguageModel(
  sentences: readonly string[],
  vocabulary: readonly string[],
  scriptShare = 0.5,
  bigramShare = 0.7,
): string {
  const known = new Set(vocabulary);
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, number>();
  const contexts = new Map<string, number>();
  let total = 0;
  for (const sentence of sentences) {
    const tokens = ['<s>', ...scriptWords(sentence).filter((word) => known.has(word)), '</s>'];
    for (let i = 1; i < tokens.length; i++) {
      unigrams.set(tokens[i]!, (unigrams.get(tokens[i]!) ?? 0) + 1);
      total++;
      const pair = `${tokens[i - 1]} ${tokens[i]}`;
      bigrams.set(pair, (bigrams.get(pair) ?? 0) + 1);
      contexts.set(tokens[i - 1]!, (contexts.get(tokens[i - 1]!) ?? 0) + 1);
    }
  }
  const probability = new Map(vocabulary.map((word) => [word, (1 - scriptShare) / vocabulary.length]));
  for (const [word, count] of unigrams)
    probability.set(word, (probability.get(word) ?? 0) + (scriptShare * count) / total);
  const log = (value: number) => Math.log10(value).toFixed(4);
  const backoff = log(1 - bigramShare);
  const lines = ['\\data\\', `ngram 1=${probability.size + 1}`, `ngram 2=${bigrams.size}`, '', '\\1-grams:'];
  lines.push(`-99\t<s>\t${backoff}`);
  for (const [word, p] of probability) lines.push(`${log(p)}\t${word}\t${contexts.has(word) ? backoff : '0.0000'}`);
  lines.push('', '\\2-grams:');
  for (const [pair, count] of bigrams) {
    const [before, word] = pair.split(' ') as [string, string];
    const p = (bigramShare * count) / contexts.get(before)! + (1 - bigramShare) * probability.get(word)!;
    lines.push(`${log(p)}\t${pair}`);
  }
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}

/**
 * The words of pocketsphinx's `-time yes` output: its "word start end confidence" lines (the
 * utterance's whole hypothesis, printed first on a line of its own, is not one), fillers,
 * silences and alternate-pronunciation marks left out.
 */
export function heardWords(transcript: string): string[] {
  return transcript
    .split('\n')
    .map((line) => /^(\S+) -?[\d.]+ -?[\d.]+ -?[\d.]+$/.exec(line.trim())?.[1] ?? '')
    .filter((word) => word && !/^<.*>$/.test(word) && !/^\[.*\]$/.test(word) && !/^\+\+.*\+\+$/.test(word))
    .map((word) => word.replace(/\(\d+\)$/, ''));
}

let dictionary: Promise<string[]> | undefined;
const dictionaryWords = () => {
  dictionary ??= readFile(cmudictPath, 'utf8').then((text) => [
    ...new Set(
      text
        .split('\n')
        .map((line) => line.split(' ')[0]!.replace(/\(\d+\)$/, ''))
        .filter(Boolean),
    ),
  ]);
  return dictionary;
};

export const speechRecognizerInstalled = () =>
  Promise.all([access(cmudictPath), access('/usr/bin/pocketsphinx_continuous'), access('/usr/bin/sox')]).then(
    () => true,
    () => false,
  );

export interface VoiceWordErrors {
  wordErrorRate: number;
  /** Script words the dictionary does not have (a run-together domain): the recogniser cannot hear them. */
  outOfDictionary: string[];
  heard: string;
}

/** Listens to each line's audio with this script's model and scores what it heard against the script. */
export async function voiceWordErrors(
  lines: readonly { text: string; audioPath: string }[],
  workDir: string,
): Promise<VoiceWordErrors> {
  const vocabulary = await dictionaryWords();
  const known = new Set(vocabulary);
  const modelPath = join(workDir, 'script.lm');
  await writeFile(
    modelPath,
    scriptLanguageModel(
      lines.map((line) => line.text),
      vocabulary,
    ),
  );
  const heard: string[] = [];
  for (const [index, line] of lines.entries()) {
    const wav16k = join(workDir, `wer-${index}.wav`);
    // -D: no dither, so the same audio always reads the same.
    await run('sox', ['-D', line.audioPath, '-r', '16000', '-c', '1', '-b', '16', wav16k]);
    const { stdout } = await run(
      'pocketsphinx_continuous',
      ['-infile', wav16k, '-lm', modelPath, '-time', 'yes', '-logfn', '/dev/null'],
      { maxBuffer: 4 * 1024 * 1024 },
    );
    heard.push(...heardWords(stdout));
  }
  const reference = lines.flatMap((line) => scriptWords(line.text));
  return {
    wordErrorRate: wordErrorRate(reference, heard),
    outOfDictionary: [...new Set(reference.filter((word) => !known.has(word)))],
    heard: heard.join(' '),
  };
}
