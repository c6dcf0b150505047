// The bench's advisory check that the voice says its script (tests/bench/word-error-rate.ts): festival's
// read of a line scores no or almost no errors against its own script, and a changed price, a
// dropped phrase or another ad's script is flagged. Needs pocketsphinx, pocketsphinx-en-us and sox.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localVoice } from '#generation/voice/local-voice.ts';
import { voiceFor } from '#generation/voice/style-voices.ts';
import type { SpokenLine } from '#generation/voice/voice.ts';
import { scriptWords, voiceWordErrors, wordErrorRate } from '#tests/bench/word-error-rate.ts';

const script = 'House Blend, sixteen dollars. Subscribe and save fifteen percent. Shop at emberoakcoffee.com.';

let workDir: string;
let spoken: SpokenLine;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'voice-wer-test-'));
  spoken = await localVoice().speak({ text: script }, voiceFor('direct-response', 'local'), workDir);
}, 120_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the voice’s word error rate', () => {
  it('spells a script as it is said, a run-together domain as words', () => {
    expect(scriptWords('Shop at emberoakcoffee.com, it’s here.')).toEqual([
      ...['shop', 'at', 'ember', 'oak', 'coffee', 'dot', 'com', "it's", 'here'],
    ]);
    expect(wordErrorRate(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toBeCloseTo(2 / 3, 5);
  });

  it('hears festival’s read of a line as its script', async () => {
    // Act
    const { wordErrorRate: wer, heard } = await voiceWordErrors(
      [{ text: script, audioPath: spoken.audioPath }],
      workDir,
    );

    // Assess
    expect(wer, heard).toBeLessThanOrEqual(0.1);
  });

  it.each([
    ['a changed price', 'House Blend, sixty dollars. Subscribe and save fifteen percent. Shop at emberoakcoffee.com.'],
    [
      'a phrase the audio does not say',
      'House Blend, sixteen dollars. Free shipping on every order. Subscribe and save fifteen percent. Shop at emberoakcoffee.com.',
    ],
    ['another ad’s script', 'Salmon treats picky cats actually finish. Buy three, get one free.'],
  ])('flags %s', async (_, other) => {
    // Act
    const { wordErrorRate: wer } = await voiceWordErrors([{ text: other, audioPath: spoken.audioPath }], workDir);

    // Assess
    expect(wer).toBeGreaterThan(0);
  });
});
