// Does the ad say its script? The voice's word error rate against the script, heard by
// pocketsphinx (Debian packages pocketsphinx, pocketsphinx-en-us, sox; needed only when this runs)
// with a language model made for the ad: the script's own unigrams and bigrams mixed half and half
// with a uniform background over the recogniser's whole dictionary. With the generic model correct
// festival audio scored 0.5–0.75 ("Salmon" heard as "sam and"); with the script's model correct
// reads score 0 and a changed word, a dropped phrase or another ad's audio is caught. Advisory
// (the bench's scorecard), never a gate: how many false errors correct audio gets depends on the voice.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { saidAs } from '#generation/words/split-words.ts';

const execFileAsync = promisify(execFile);

const dictionaryPath = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

/** Lower-case words of a script as the recogniser spells them: "ember oak coffee dot com", "it's". */
export function scriptWords(script: string): string[] {
  return script
    .split(/\s+/)
    .filter(Boolean)
    .map(saidAs)
    .join(' ')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

let vocabulary: Promise<string[]> | undefined;

function dictionaryWords(): Promise<string[]> {
  vocabulary ??= readFile(dictionaryPath, 'utf8').then((text) => [
    ...new Set(
      text
        .split('\n')
        .map((line) => line.split(' ')[0]!.replace(/\(\d+\)$/, ''))
        .filter(Boolean),
    ),
  ]);
  return vocabulary;
}

/**
 * An ARPA bigram model of the script: P(w) = ½ · uniform over the dictionary + ½ · the script's
 * unigram share; P(b | a) = 0.7 · the script's bigram share + 0.3 · P(b).
 */
export async function scriptLanguageModel(script: string): Promise<string> {
  const scriptShare = 0.5;
  const bigramShare = 0.7;
  const vocab = await dictionaryWords();
  const sentences = script
    .split(/(?<=[.!?])\s+/)
    .map(scriptWords)
    .filter((words) => words.length > 0);
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, number>();
  const contexts = new Map<string, number>();
  let count = 0;
  for (const sentence of sentences) {
    const tokens = ['<s>', ...sentence, '</s>'];
    for (let index = 1; index < tokens.length; index += 1) {
      const [before, word] = [tokens[index - 1]!, tokens[index]!];
      unigrams.set(word, (unigrams.get(word) ?? 0) + 1);
      count += 1;
      bigrams.set(`${before} ${word}`, (bigrams.get(`${before} ${word}`) ?? 0) + 1);
      contexts.set(before, (contexts.get(before) ?? 0) + 1);
    }
  }
  const probability = new Map(vocab.map((word) => [word, (1 - scriptShare) / vocab.length]));
  for (const [word, seen] of unigrams) {
    probability.set(word, (probability.get(word) ?? 0) + (scriptShare * seen) / count);
  }
  const log = (value: number) => Math.log10(value).toFixed(4);
  const backoff = log(1 - bigramShare);
  const lines = ['\\data\\', `ngram 1=${probability.size + 1}`, `ngram 2=${bigrams.size}`, '', '\\1-grams:'];
  lines.push(`-99\t<s>\t${backoff}`);
  for (const [word, p] of probability) lines.push(`${log(p)}\t${word}\t${contexts.has(word) ? backoff : '0.0000'}`);
  lines.push('', '\\2-grams:');
  for (const [pair, seen] of bigrams) {
    const [before, word] = pair.split(' ') as [string, string];
    const p = (bigramShare * seen) / contexts.get(before)! + (1 - bigramShare) * probability.get(word)!;
    lines.push(`${log(p)}\t${pair}`);
  }
  return `${lines.concat('', '\\end\\', '').join('\n')}`;
}

/** Word-level Levenshtein distance: substitutions, insertions and deletions. */
export function editDistance(expected: readonly string[], heard: readonly string[]): number {
  let previous = Array.from({ length: heard.length + 1 }, (_, index) => index);
  for (const [row, word] of expected.entries()) {
    const current = [row + 1];
    for (const [column, candidate] of heard.entries()) {
      current.push(
        Math.min(previous[column + 1]! + 1, current[column]! + 1, previous[column]! + (word === candidate ? 0 : 1)),
      );
    }
    previous = current;
  }
  return previous[heard.length]!;
}

/** The voice's word error rate against `script`, and the words pocketsphinx heard. */
export async function wordErrorRate(wavPath: string, script: string): Promise<{ wer: number; heard: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'voice-wer-'));
  try {
    const sixteenKhz = join(dir, 'speech.wav');
    const model = join(dir, 'script.lm');
    // -D: no dither, or the recogniser hears different audio on every run ("picky" became "kitty").
    await execFileAsync('sox', ['-D', wavPath, '-r', '16000', '-c', '1', '-b', '16', sixteenKhz]);
    await writeFile(model, await scriptLanguageModel(script));
    const { stdout } = await execFileAsync(
      'pocketsphinx_continuous',
      ['-infile', sixteenKhz, '-lm', model, '-time', 'yes', '-logfn', '/dev/null'],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    // With -time, a line per word: "word start end confidence"; fillers are <s>, </s>, <sil>, [NOISE].
    const heard = stdout
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields.length === 4 && fields.slice(1).every((field) => !Number.isNaN(Number(field))))
      .map(([word]) => word!.replace(/\(\d+\)$/, ''))
      .filter((word) => !/^<\/?s>$|^<sil>$|^\[/.test(word));
    const expected = scriptWords(script);
    return { wer: expected.length === 0 ? 0 : editDistance(expected, heard) / expected.length, heard };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
