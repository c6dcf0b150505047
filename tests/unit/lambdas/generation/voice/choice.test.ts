import { describe, expect, it } from 'vitest';
import { styleDefinition } from '#generation/styles/styles.ts';
import { createVoice } from '#generation/voice/create-voice.ts';
import { prosodyRate } from '#generation/voice/ssml.ts';
import { targetPace, voiceFor } from '#generation/voice/style-voices.ts';
import { styles } from '#shared/contract.ts';

describe('the voice of each style', () => {
  it.each(['polly', 'local'] as const)('on %s, reads cinematic slowest and direct-response fastest', (engine) => {
    const rate = (style: (typeof styles)[number]) => voiceFor(style, engine).rate;
    expect(rate('cinematic')).toBeLessThan(rate('ugc'));
    expect(rate('ugc')).toBeLessThan(rate('direct-response'));
  });

  it.each(styles)('gives %s a neural Polly voice at a rate Polly accepts', (style) => {
    const voice = voiceFor(style, 'polly');
    expect(voice).toMatchObject({ engine: 'polly', pollyEngine: 'neural' });
    expect(() => prosodyRate(voice.rate * 1.15)).not.toThrow();
  });

  it('aims each style at the pace its definition gives it, the calm narrator still inside natural speech', () => {
    expect(targetPace('direct-response')).toEqual({ min: 2.6, max: 3.0 });
    expect(targetPace('ugc')).toEqual({ min: 2.4, max: 2.8 });
    expect(targetPace('cinematic')).toEqual({ min: 2.0, max: 2.4 });
    expect(targetPace('cinematic').max).toBeLessThan(targetPace('direct-response').min);
    // One fact for the writer and the voice: the voice reads the range the writer fills scenes at.
    for (const style of styles) expect(targetPace(style)).toBe(styleDefinition(style).pace);
  });
});

describe('choosing the voice engine', () => {
  it('uses Polly when VOICE_ENGINE=polly', async () => {
    expect((await createVoice({ VOICE_ENGINE: 'polly' })).engine).toBe('polly');
  });

  it('uses the local voice otherwise', async () => {
    expect((await createVoice({})).engine).toBe('local');
    expect((await createVoice({ VOICE_ENGINE: 'local' })).engine).toBe('local');
  });

  it('refuses the local voice inside AWS Lambda, which has no festival, saying what to set', async () => {
    await expect(createVoice({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x' })).rejects.toThrow(
      /AWS Lambda does not have; set VOICE_ENGINE=polly/,
    );
  });

  it('refuses an engine it does not know', async () => {
    await expect(createVoice({ VOICE_ENGINE: 'espeak' })).rejects.toThrow(/VOICE_ENGINE must be one of polly, local/);
  });
});
