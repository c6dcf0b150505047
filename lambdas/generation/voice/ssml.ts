// The SSML Polly reads a line from: the words, escaped, inside one <prosody rate>. Polly's speech
// marks point into this text by UTF-8 byte offsets, so it also says where each word's bytes lie.

export interface LineSsml {
  ssml: string;
  /** Per input word, the [start, end) UTF-8 byte offsets of its escaped text inside `ssml`. */
  wordBytes: { start: number; end: number }[];
}

const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character]!);
}

/** "<prosody rate>" takes a percentage of the voice's own pace, from 20 % to 200 %. */
export function prosodyRate(rate: number): string {
  const percent = Math.round(rate * 100);
  if (!(percent >= 20 && percent <= 200))
    throw new Error(`Polly reads at 20–200 % of a voice's pace, not ${percent} %`);
  return `${percent}%`;
}

// Neural and generative voices take <prosody rate> (not pitch); generative ones only around whole
// sentences, which wrapping the whole line satisfies.
export function lineSsml(words: readonly string[], rate: number): LineSsml {
  const opening = `<speak><prosody rate="${prosodyRate(rate)}">`;
  let ssml = opening;
  let offset = Buffer.byteLength(opening);
  const wordBytes = words.map((word, index) => {
    const separator = index === 0 ? '' : ' ';
    const escaped = escapeXml(word);
    const start = offset + Buffer.byteLength(separator);
    ssml += separator + escaped;
    offset = start + Buffer.byteLength(escaped);
    return { start, end: offset };
  });
  return { ssml: `${ssml}</prosody></speak>`, wordBytes };
}
