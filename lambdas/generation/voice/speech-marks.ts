// Polly's word speech marks → the words of the line and when each is heard. Marks arrive as
// newline-delimited JSON, e.g. {"time":373,"type":"word","start":5,"end":8,"value":"had"}: time in
// ms from the audio's start, start/end in UTF-8 bytes of the request text. A mark has no end time,
// so a word lasts until the next word starts, and the last one until the audio ends.
import * as z from 'zod';
import type { LineSsml } from './ssml.ts';
import type { SpokenWord } from './voice.ts';

const speechMarkSchema = z.object({
  time: z.number().nonnegative(),
  type: z.enum(['sentence', 'word', 'viseme', 'ssml']),
  start: z.number().int().nonnegative().optional(),
  end: z.number().int().nonnegative().optional(),
  value: z.string(),
});
export type SpeechMark = z.infer<typeof speechMarkSchema>;

export function parseSpeechMarks(ndjson: string): SpeechMark[] {
  return ndjson
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new Error(`Speech mark ${index + 1} is not JSON: ${line.slice(0, 120)}`);
      }
      const parsed = speechMarkSchema.safeParse(json);
      if (!parsed.success) throw new Error(`Speech mark ${index + 1} is malformed: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
}

/**
 * Times the line's words from its word marks. A word Polly splits ("well-known") takes its first
 * mark's time; a word with no mark (a lone "—") was not spoken and is left out.
 */
export function timeWords(
  words: readonly string[],
  wordBytes: LineSsml['wordBytes'],
  marks: readonly SpeechMark[],
  durationSeconds: number,
): SpokenWord[] {
  const wordMarks = marks.filter((mark) => mark.type === 'word' && mark.start !== undefined);
  const starts = words.flatMap((word, index) => {
    const bytes = wordBytes[index]!;
    const mark = wordMarks.find((candidate) => candidate.start! >= bytes.start && candidate.start! < bytes.end);
    return mark ? [{ word, startSeconds: Math.min(mark.time / 1000, durationSeconds) }] : [];
  });
  // Never earlier than the word before: captions must not run backwards.
  let latest = 0;
  const ordered = starts.map((word) => {
    latest = Math.max(latest, word.startSeconds);
    return { ...word, startSeconds: latest };
  });
  return ordered.map((word, index) => ({ ...word, endSeconds: ordered[index + 1]?.startSeconds ?? durationSeconds }));
}
