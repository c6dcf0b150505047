// Words run together in a domain or a name ("emberoakcoffee" → "ember oak coffee") split back into
// the words a person reads, so the voice says them as words and the ad shows them as words. A
// speech engine reads an unknown run of letters by its letter-to-sound rules ("emberoakcoffee"
// came out "ih m b er ow k ax f iy"), and a name derived from a domain read "Closedbakery".
//
// The split is the one wordninja made common: a Viterbi search for the most probable sequence of
// dictionary words, a word's cost being log(rank × log N) in a list ranked by frequency (Zipf's
// law). The list is the npm package wordsninja's (MIT): wordninja's 126,000 English words ranked
// by their frequency in Wikipedia. Its own splitter is not used: it keeps module-level state,
// fails on characters outside its list, and does not say whether a split was found; the ranked
// list is what is worth sharing, and the search is twenty lines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The list is read on first use, not imported: bundled, it was 1.7 MB of array literal that every
// function importing this module parsed at cold start (about 100 ms idle, 300 ms on a busy
// machine), while JSON.parse of the file takes about 50 ms and only a call that splits pays it.
// Resolved at import, so a bundle that does not carry the file fails as it loads, not mid-order
// (lib/shared/reelfive-function.ts copies it into the node_modules/ of each bundle that names it).
const rankedWordsFile = createRequire(import.meta.url).resolve('wordsninja/words-en.json');

let costs: Map<string, number> | undefined;
let partCosts: Map<string, number> | undefined;
let longestWord = 0;

/**
 * A short word is a part of a run only when it is common: the list holds thousands of rare two-
 * and three-letter entries (abbreviations, names: "sho", "fy", "kom") that would cut any unknown
 * brand into fragments ("shopify" → "sho pi fy"). Ranks set on the names in
 * tests/unit/lambdas/generation/words/split-words.test.ts: "oak" is 5,089th, "lab" 8,434th, "gym" 12,052nd; "pi" 4,370th.
 */
const commonEnough: Record<number, number> = { 1: 10, 2: 1_000, 3: 15_000 };

/** Word → cost, built on first use (~90 ms with reading the list) so a handler that never splits never pays for it. */
function wordCosts(): { words: Map<string, number>; parts: Map<string, number> } {
  if (costs && partCosts) return { words: costs, parts: partCosts };
  const rankedWords = JSON.parse(readFileSync(rankedWordsFile, 'utf8')) as string[];
  const scale = Math.log(rankedWords.length);
  costs = new Map();
  partCosts = new Map();
  for (const [index, word] of rankedWords.entries()) {
    const cost = Math.log((index + 1) * scale);
    costs.set(word, cost);
    if (index < (commonEnough[word.length] ?? Number.POSITIVE_INFINITY)) partCosts.set(word, cost);
    longestWord = Math.max(longestWord, word.length);
  }
  return { words: costs, parts: partCosts };
}

// A run shorter than this is a word or an abbreviation, never two words run together worth splitting;
// one longer than a domain label may be (63 letters) is no name, and is not searched.
const shortestRun = 6;
const longestRun = 63;

/**
 * The dictionary words `run` (letters only) is made of, or null when it is a word itself, is too
 * short to be two, or cannot be read as words (a brand the list lacks stays whole: the engine's
 * letter-to-sound rules read it better than letters cut into fragments).
 */
export function splitRun(run: string): string[] | null {
  if (run.length < shortestRun || run.length > longestRun || !/^[a-z]+$/i.test(run)) return null;
  const lower = run.toLowerCase();
  const { words: known, parts } = wordCosts();
  if (known.has(lower)) return null;
  // best[i]: the cheapest reading of the first i letters and where its last word starts.
  const best: { cost: number; from: number }[] = [{ cost: 0, from: 0 }];
  for (let end = 1; end <= lower.length; end += 1) {
    let cheapest = { cost: Number.POSITIVE_INFINITY, from: -1 };
    for (let start = Math.max(0, end - longestWord); start < end; start += 1) {
      const word = lower.slice(start, end);
      const cost = parts.get(word);
      if (cost === undefined) continue;
      const total = best[start]!.cost + cost;
      if (total < cheapest.cost) cheapest = { cost: total, from: start };
    }
    best.push(cheapest);
  }
  if (!Number.isFinite(best[lower.length]!.cost)) return null;
  const words: string[] = [];
  for (let end = lower.length; end > 0; end = best[end]!.from) words.unshift(run.slice(best[end]!.from, end));
  if (words.length === 2 && derivingSuffixes.has(words[1]!.toLowerCase())) return null;
  return words.length > 1 ? words : null;
}

/**
 * A word the list lacks may be a word it has with a suffix that makes a new word of it
 * ("compostable", "refillable", "handcrafting"): cut there it is read as two words ("compost
 * able"), which no speaker says, while the engine's letter-to-sound rules read it whole.
 */
const derivingSuffixes = new Set(['able', 'ible', 'ness', 'less', 'ful', 'ment', 'ship', 'ing', 'ly', 'er', 'ers']);

/** "EmberOak" → ['Ember', 'Oak']: a change from lower to upper case is a word boundary. */
function camelParts(text: string): string[] {
  return text.split(/(?<=[a-z])(?=[A-Z])/);
}

/** The words a name's letters are read as: camel case and run-together words split, anything else as it is. */
export function wordsOfRun(text: string): string[] {
  return camelParts(text).flatMap((part) => splitRun(part) ?? [part]);
}

/**
 * A domain label as the words of a name: 'closedbakery' → 'Closed Bakery', 'shop24' → 'Shop24'.
 * A label with hyphens already says where its words part ('northwind-shoes' → 'Northwind Shoes').
 */
export function nameOfLabel(label: string): string {
  const parts = label.split(/[-_]+/).filter(Boolean);
  const words = parts.length > 1 ? parts : parts.flatMap((part) => splitRun(part) ?? [part]);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ');
}

// A host name as written in copy: labels of letters, digits and hyphens, ending in a TLD.
const domainPattern = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/**
 * A written word as it is said, as one or more words separated by spaces: a domain label by label
 * with "dot" between them ("emberoakcoffee.com." → "ember oak coffee dot com."), a camel-case or
 * lower-case run of words split ("emberoakcoffee" → "ember oak coffee"); any other word as it is.
 * Punctuation around the word stays around what is said, so the engine still pauses at it.
 */
export function saidAs(written: string): string {
  // Scanned, not matched: a lazy pattern around the core backtracks quadratically on a long token.
  const isWordCharacter = (character: string) => /[\p{L}\p{N}]/u.test(character);
  const characters = [...written];
  let first = 0;
  while (first < characters.length && !isWordCharacter(characters[first]!)) first += 1;
  let last = characters.length;
  while (last > first && !isWordCharacter(characters[last - 1]!)) last -= 1;
  const before = characters.slice(0, first).join('');
  const core = characters.slice(first, last).join('');
  const after = characters.slice(last).join('');
  if (!core) return written;
  let said: string[] | null = null;
  if (domainPattern.test(core) && /\p{L}/u.test(core.split('.').at(-1)!)) {
    said = core
      .replace(/^www\./i, '')
      .split('.')
      .flatMap((label, index) => [...(index > 0 ? ['dot'] : []), ...label.split('-').flatMap(wordsOfRun)]);
  } else if (/^[a-z]+$/.test(core) || /^[A-Z]?[a-z]+(?:[A-Z][a-z]+)+$/.test(core)) {
    // All lower case or camel case: a handle or a name run together. A capitalised word ("Glossier")
    // is a brand the copy means as one word.
    const words = wordsOfRun(core);
    if (words.length > 1) said = words;
  }
  return said ? `${before}${said.join(' ')}${after}` : written;
}
