// Strict readers of SubRip and WebVTT as a player reads them: numbered (SRT) or headed (VTT) cues,
// each a timing line `start --> end` and one or more text lines, a blank line between cues.
// Anything else in the file throws, so a test that parses a caption file checks its syntax.

export interface ParsedCue {
  startSeconds: number;
  endSeconds: number;
  lines: string[];
}

const timing = (mark: ',' | '.') =>
  new RegExp(`^(\\d{2}):(\\d{2}):(\\d{2})\\${mark}(\\d{3}) --> (\\d{2}):(\\d{2}):(\\d{2})\\${mark}(\\d{3})$`);

function seconds(parts: string[]): number {
  const [h, m, s, ms] = parts.map(Number) as [number, number, number, number];
  if (m > 59 || s > 59) throw new Error(`not a time: ${parts.join(':')}`);
  return h * 3600 + m * 60 + s + ms / 1000;
}

function cuesOf(blocks: string[], mark: ',' | '.', numbered: boolean): ParsedCue[] {
  return blocks.map((block, index) => {
    const lines = block.split('\n');
    if (numbered && lines.shift() !== String(index + 1))
      throw new Error(`cue ${index + 1} is not numbered ${index + 1}`);
    const time = timing(mark).exec(lines.shift() ?? '');
    if (!time) throw new Error(`cue ${index + 1} has no timing line`);
    if (lines.length === 0 || lines.some((line) => line.trim() === '' || line.includes('-->'))) {
      throw new Error(`cue ${index + 1} has no text, or an arrow in its text`);
    }
    return { startSeconds: seconds(time.slice(1, 5)), endSeconds: seconds(time.slice(5, 9)), lines };
  });
}

export function parseSrt(text: string): ParsedCue[] {
  if (!text.endsWith('\n')) throw new Error('an SRT file ends with a newline');
  return cuesOf(text.trimEnd().split('\n\n'), ',', true);
}

export function parseVtt(text: string): ParsedCue[] {
  const [header, ...blocks] = text.trimEnd().split('\n\n');
  if (header !== 'WEBVTT') throw new Error('a WebVTT file opens with WEBVTT and a blank line');
  const unescaped = cuesOf(blocks, '.', false);
  for (const cue of unescaped) {
    if (cue.lines.some((line) => /<|&(?!amp;|lt;|gt;)/.test(line))) throw new Error('unescaped markup in a cue');
  }
  return unescaped.map((cue) => ({
    ...cue,
    lines: cue.lines.map((line) => line.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')),
  }));
}
