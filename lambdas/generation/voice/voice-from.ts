// The one implementation of `Voice` (voice.ts) every engine shares: its synthesis reads each line,
// and a line off its style's pace, longer than it may last, or holding the whole ad off its pace is
// read again at the rate that fixes it (pace.ts). Apart from voice.ts, which only declares the
// interface, so pace.ts can read its types without an import circle.
import { rm } from 'node:fs/promises';
import { wordsOf } from '#generation/storyboard/storyboard.ts';
import { saidAs } from '#generation/words/split-words.ts';
import { lineRates } from './pace.ts';
import type { Read, Synthesize, Voice, VoiceChoice } from './voice.ts';

/**
 * A Voice from an engine's synthesis: reads every line at the voice's rate and then, for each line
 * off its style's pace, longer than it may last, or read faster or slower so that the ad as a whole
 * is heard at its style's pace, once more at the rate that fixes it (voice/pace.ts lineRates); all
 * such second reads go to the engine together.
 */
export function voiceFrom<Choice extends VoiceChoice>(engine: Choice['engine'], synthesize: Synthesize<Choice>): Voice {
  const speakLines: Voice['speakLines'] = async (lines, voice, workDir, onProgress) => {
    if (voice.engine !== engine) {
      throw new Error(`The ${engine} voice cannot speak with a ${voice.engine} voice choice`);
    }
    const choice = voice as Choice;
    const reads = lines.map((line): Read => {
      const words = wordsOf(line.text).map((written) => ({ written, said: saidAs(written) }));
      if (words.length === 0) throw new Error('A voice line needs at least one word');
      return { words, rate: choice.rate };
    });
    // Reads done of the reads asked so far: a second pass adds to both (the caller's bar holds until
    // the share passes where it was).
    let asked = reads.length;
    let done = 0;
    const onRead = () => {
      done += 1;
      onProgress?.(done / asked);
    };
    const first = await synthesize(reads, choice, workDir, onRead);
    const rates = lineRates(
      first,
      choice,
      lines.map((line) => line.maxSeconds),
    );
    const again = reads.flatMap((read, index) => (rates[index] === read.rate ? [] : [index]));
    if (again.length === 0) return first;
    asked += again.length;
    const second = await synthesize(
      again.map((index) => ({ ...reads[index]!, rate: rates[index]! })),
      choice,
      workDir,
      onRead,
    );
    const spoken = [...first];
    for (const [position, index] of again.entries()) {
      await rm(first[index]!.audioPath, { force: true });
      spoken[index] = second[position]!;
    }
    return spoken;
  };
  return {
    engine,
    speakLines,
    async speak(line, voice, workDir) {
      const [spoken] = await speakLines([line], voice, workDir);
      return spoken!;
    },
  };
}
