import { describe, expect, it } from 'vitest';
import { pacing } from '#generation/storyboard/scene-plans.ts';
import { createVoice } from '#generation/voice/create-voice.ts';
import { prosodyRate } from '#generation/voice/ssml.ts';
import { measuredPace, paceMargin, speakingRate, targetPace, voiceFor } from '#generation/voice/style-voices.ts';
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

  it('aims each style at the pace ad-craft gives it, the calm narrator still inside natural speech', () => {
    expect(targetPace('cinematic').max).toBeLessThan(targetPace('direct-response').min);
    for (const style of styles) expect(targetPace(style).min).toBeGreaterThanOrEqual(2);
    expect(targetPace('cinematic').min).toBeGreaterThanOrEqual(pacing.wordsPerSecond.cinematic.min);
    expect(targetPace('direct-response').max).toBeLessThanOrEqual(pacing.wordsPerSecond['direct-response'].max);
  });

  it.each(styles)('budgets %s writers at the local voice’s measured pace, less the margin', (style) => {
    // Act
    const rate = speakingRate(style);

    // Assess: Polly is not measured yet, so the festival measurement is the slowest one known.
    expect(measuredPace(style, 'polly')).toBeUndefined();
    expect(rate).toBeCloseTo(measuredPace(style, 'local')! * paceMargin, 2);
    expect(rate).toBeLessThan(measuredPace(style, 'local')!);
  });

  it('lets the hard sell say the most and the calm narrator the least', () => {
    expect(speakingRate('cinematic')).toBeLessThan(speakingRate('ugc'));
    expect(speakingRate('ugc')).toBeLessThan(speakingRate('direct-response'));
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
