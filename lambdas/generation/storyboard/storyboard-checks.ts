// Rules a storyboard can pass the schema and still break: a number the site never gave (an
// invented price, rating or discount), a line that would fit any business, a line (or a whole
// voice-over) that takes longer to say than its time at the style's voice's pace once numbers and
// domains are read out. The Bedrock writer hands these back to the model as problems; tests hold
// the template writer to them.
import { numbersIn } from '#generation/website/fact-patterns.ts';
import { adHeardBudget, voiceBudget } from './scene-words.ts';
import { spokenWordCount } from './spoken-words.ts';
import type { Storyboard } from './storyboard.ts';

/** Lines any business could run: they say nothing about this one. */
export const genericLinePatterns: readonly RegExp[] = [
  /\bget started today\b/i,
  /\bstop scrolling\b/i,
  /^discover\b/i,
  /\bmeet \p{Lu}/u,
  /\b(check it out|see it for yourself|take a closer look|made with intention|every detail considered)\b/i,
  /\b(don't wait|you won't believe|game[- ]changer|best in class|world[- ]class)\b/i,
];

/** Every problem of the storyboard beyond the schema's, each naming where it is. */
export function storyboardProblems(storyboard: Storyboard, siteText: string): string[] {
  const known = new Set([...numbersIn(siteText), ...numbersIn(storyboard.brand.domain)]);
  const problems: string[] = [];
  const said = (path: string, text: string | undefined) => {
    if (!text) return;
    const invented = numbersIn(text).filter((number) => !known.has(number));
    if (invented.length > 0) problems.push(`${path}: ${invented.join(', ')} is not a number the site gives`);
    const generic = genericLinePatterns.find((pattern) => pattern.test(text));
    if (generic) problems.push(`${path}: "${text}" would fit any business; say what this site says`);
  };
  storyboard.scenes.forEach((scene, index) => {
    said(`scenes.${index}.text`, scene.text.join(' '));
    said(`scenes.${index}.voiceLine`, scene.voiceLine);
    said(`scenes.${index}.callout`, scene.callout);
    said(`scenes.${index}.phoneElement.text`, scene.phoneElement?.text);
    const seconds = scene.endSeconds - scene.startSeconds;
    const heard = spokenWordCount(scene.voiceLine);
    const { heard: maxHeard } = voiceBudget(storyboard.style, seconds);
    if (heard > maxHeard) {
      problems.push(
        `scenes.${index}.voiceLine: takes ${heard} spoken words (numbers and domains read out) in ${seconds} s; at most ${maxHeard}`,
      );
    }
  });
  const heard = storyboard.scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
  const maxHeard = adHeardBudget(storyboard.style, storyboard.durationSeconds, storyboard.scenes.length);
  if (heard > maxHeard) {
    problems.push(
      `scenes: the voice-over takes ${heard} spoken words in ${storyboard.durationSeconds} s; at most ${maxHeard} (say less, or leave a short end card's voiceLine empty)`,
    );
  }
  said('endCard.title', storyboard.endCard.title);
  said('endCard.cta', storyboard.endCard.cta);
  return problems;
}
