import { describe, expect, it } from 'vitest';
import { filter, filterValue } from '#generation/media/filter-escape.ts';

/** ffmpeg's av_get_token: reads up to an unquoted, unescaped terminator, removing quotes and escapes. */
function readToken(input: string, terminators: string): { token: string; rest: string } {
  let token = '';
  let i = 0;
  while (i < input.length && !terminators.includes(input[i]!)) {
    const char = input[i++]!;
    if (char === '\\') token += input[i++] ?? '';
    else if (char === "'") {
      while (i < input.length && input[i] !== "'") token += input[i++];
      i++;
    } else token += char;
  }
  return { token, rest: input.slice(i) };
}

describe('text inside the filter graph', () => {
  const nasty = [
    'It\'s 50% off: today, only; [really] \\ "quoted"',
    "''''",
    '%{localtime} %{eif:t:d}',
    'Café — naïve ✓ 日本',
    ' padded ',
    'C:\\fonts\\Inter Bold.ttf',
  ];

  it.each(nasty)('survives both parsing levels unchanged: %s', (text) => {
    // Act
    const escaped = filterValue(text);
    const graphLevel = readToken(escaped, '[],;');
    const optionLevel = readToken(graphLevel.token, ':');

    // Assess: nothing ends the filter or the option early, and the text comes out as it went in.
    expect(graphLevel.rest).toBe('');
    expect(optionLevel.rest).toBe('');
    expect(optionLevel.token).toBe(text);
  });
});

describe('a filter with options', () => {
  it('writes numbers as they are and escapes every string value', () => {
    expect(filter('scale', { w: 360, h: 640 })).toBe('scale=w=360:h=640');
    expect(filter('drawtext', { text: 'a:b' })).toBe("drawtext=text=\\'a:b\\'");
    expect(filter('null')).toBe('null');
  });
});
