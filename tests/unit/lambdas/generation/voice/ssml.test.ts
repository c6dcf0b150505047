import { describe, expect, it } from 'vitest';
import { escapeXml, lineSsml, prosodyRate } from '#generation/voice/ssml.ts';

describe('the SSML of a voice line', () => {
  it('wraps the words in one prosody rate, as a percentage of the voice’s pace', () => {
    // Act
    const { ssml } = lineSsml(['Coffee', 'worth', 'waking', 'up', 'for.'], 0.9);

    // Assess
    expect(ssml).toBe('<speak><prosody rate="90%">Coffee worth waking up for.</prosody></speak>');
  });

  it('escapes the five XML characters so a line cannot break out of the markup', () => {
    // Act
    const { ssml } = lineSsml(['Bean', '&', 'Bloom’s', '"<50%>"', "it's", '</prosody><break', 'time="9s"/>'], 1);

    // Assess
    expect(ssml).toBe(
      '<speak><prosody rate="100%">Bean &amp; Bloom’s &quot;&lt;50%&gt;&quot; it&apos;s &lt;/prosody&gt;&lt;break time=&quot;9s&quot;/&gt;</prosody></speak>',
    );
    expect(escapeXml('a < b')).toBe('a &lt; b');
  });

  it('says where each word’s bytes lie, counting UTF-8 bytes as speech marks do', () => {
    // Prepare
    const words = ['Café', '&', 'crème', '☕', 'now'];

    // Act
    const { ssml, wordBytes } = lineSsml(words, 1.1);

    // Assess
    const bytes = Buffer.from(ssml);
    expect(wordBytes.map(({ start, end }) => bytes.subarray(start, end).toString())).toEqual([
      'Café',
      '&amp;',
      'crème',
      '☕',
      'now',
    ]);
  });

  it.each([
    [0.75, '75%'],
    [1.104, '110%'],
    [1.236, '124%'],
  ])('reads rate %d as %s', (rate, percent) => {
    expect(prosodyRate(rate)).toBe(percent);
  });

  it.each([0.1, 2.5, Number.NaN])('refuses rate %d, outside Polly’s 20–200 %', (rate) => {
    expect(() => prosodyRate(rate)).toThrow(/20–200 %/);
  });
});
