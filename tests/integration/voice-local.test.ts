// The local voice with the real festival (Debian packages festival + festvox-us-slt-hts): what a
// listener can measure of each style's read (length, pace), word times a caption can follow, and
// a run as Lambda's kind of user, writing nowhere but its work directory.
import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { festivalPathEnv, localVoice } from '#generation/voice/local-voice.ts';
import { maxSpeedUp, wordsPerSecond } from '#generation/voice/pace.ts';
import { targetPace, voiceFor } from '#generation/voice/style-voices.ts';
import type { SpokenLine } from '#generation/voice/voice.ts';
import { readWavFacts } from '#generation/voice/wav.ts';
import { styles } from '#shared/contract.ts';

const execFileAsync = promisify(execFile);

// A line of ordinary density: words per second swing ±25 % with the words (monosyllables read
// fast, a spelled-out domain slow), so pace is asserted on a typical line.
const line = 'Order your first bag today and taste the difference.';

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'voice-local-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

// Other test files create and delete their temporary folders while find walks /tmp. GNU find's
// -ignore_readdir_race covers a file gone before its stat, not a directory gone before it is
// opened, so find then exits 1: that, and only that, is tolerated here.
async function findSurvivingFiles(args: string[]): Promise<string> {
  try {
    return (await execFileAsync('find', args)).stdout;
  } catch (error) {
    const { code, stdout, stderr } = error as { code: unknown; stdout: string; stderr: string };
    const problems = stderr.split('\n').filter((line) => line && !line.endsWith('No such file or directory'));
    if (code !== 1 || problems.length > 0) throw error;
    return stdout;
  }
}

function expectFollowableTimes(spoken: SpokenLine): void {
  let previousEnd = 0;
  for (const word of spoken.words) {
    expect(word.startSeconds).toBeGreaterThanOrEqual(previousEnd);
    expect(word.endSeconds).toBeGreaterThan(word.startSeconds);
    previousEnd = word.endSeconds;
  }
  expect(previousEnd).toBeLessThanOrEqual(spoken.durationSeconds);
}

describe('the local voice', () => {
  const reads = new Map<string, SpokenLine>();

  it.each(styles)('reads a %s line at an ad’s pace, every word timed inside the audio', async (style) => {
    // Act
    const spoken = await localVoice().speak({ text: line }, voiceFor(style, 'local'), workDir);
    reads.set(style, spoken);

    // Assess
    const wordCount = line.split(' ').length;
    expect(await readWavFacts(spoken.audioPath)).toMatchObject({ sampleRate: 48_000, channels: 1, bitsPerSample: 16 });
    expect(spoken.durationSeconds).toBeGreaterThan(wordCount / 3.2);
    expect(spoken.durationSeconds).toBeLessThan(wordCount / 1.8 + 1);
    const pace = wordsPerSecond(spoken.words);
    expect(pace).toBeGreaterThanOrEqual(1.8);
    expect(pace).toBeLessThanOrEqual(3.2);
    // Festival is deterministic: this line lands inside the style's aim on any machine.
    expect(pace).toBeGreaterThanOrEqual(targetPace(style).min);
    expect(pace).toBeLessThanOrEqual(targetPace(style).max);
    expect(spoken.words.map((word) => word.word)).toEqual(line.split(' '));
    expectFollowableTimes(spoken);
  });

  it('reads cinematic slowest and direct-response fastest', () => {
    // Assess (on the reads above)
    const pace = (style: string) => wordsPerSecond(reads.get(style)!.words);
    expect(pace('cinematic')).toBeLessThan(pace('ugc'));
    expect(pace('ugc')).toBeLessThan(pace('direct-response'));
  });

  it('gives every word a positive length, even one festival ends at 0 ("24/7")', async () => {
    // Act
    const spoken = await localVoice().speak(
      { text: 'Emergency plumbers in Austin, 24/7.' },
      voiceFor('direct-response', 'local'),
      workDir,
    );

    // Assess
    expect(spoken.words.map(({ word }) => word)).toEqual(['Emergency', 'plumbers', 'in', 'Austin,', '24/7.']);
    for (const { startSeconds, endSeconds } of spoken.words) {
      expect(endSeconds).toBeGreaterThan(startSeconds);
      expect(endSeconds).toBeLessThanOrEqual(spoken.durationSeconds);
    }
  });

  it('times the words as written when festival has to fold or skip characters', async () => {
    // Prepare
    const text = '“Honestly,” it’s $30 — café ☕ & more';

    // Act
    const spoken = await localVoice().speak({ text }, voiceFor('ugc', 'local'), workDir);

    // Assess: the dash and the emoji say nothing; "$30" is two spoken words in one caption word.
    expect(spoken.words.map((word) => word.word)).toEqual(['“Honestly,”', 'it’s', '$30', 'café', '&', 'more']);
    const price = spoken.words[2]!;
    const more = spoken.words[5]!;
    expect(price.endSeconds - price.startSeconds).toBeGreaterThan(more.endSeconds - more.startSeconds);
    expectFollowableTimes(spoken);
  });

  it('says Scheme in a line as words instead of running it', async () => {
    // Prepare
    const marker = join(workDir, 'ran');
    const text = `Fresh") (system "touch ${marker}") (set! x "roast`;

    // Act
    const spoken = await localVoice().speak({ text }, voiceFor('cinematic', 'local'), workDir);

    // Assess
    await expect(stat(marker)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(spoken.words.map((word) => word.word)).toEqual(text.split(' '));
  });

  it('reads a line that would overrun its scene faster, at most 15 % faster than the voice', async () => {
    // Prepare
    const voice = voiceFor('direct-response', 'local');
    const natural = await localVoice().speak({ text: line }, voice, workDir);

    // Act
    const fitted = await localVoice().speak({ text: line, maxSeconds: natural.durationSeconds - 0.2 }, voice, workDir);
    const capped = await localVoice().speak({ text: line, maxSeconds: 1 }, voice, workDir);

    // Assess
    expect(fitted.rate).toBeGreaterThan(voice.rate);
    expect(fitted.durationSeconds).toBeLessThanOrEqual(natural.durationSeconds - 0.2);
    expect(capped.rate).toBeCloseTo(voice.rate * maxSpeedUp, 3);
    expect(capped.durationSeconds).toBeLessThan(fitted.durationSeconds);
    expectFollowableTimes(capped);
  });

  it('says what to install when festival is missing', async () => {
    // Prepare
    vi.stubEnv(festivalPathEnv, '/nonexistent/festival');

    try {
      // Act
      const speaking = localVoice().speak({ text: 'Order now.' }, voiceFor('ugc', 'local'), workDir);

      // Assess
      await expect(speaking).rejects.toThrow(/festival is not installed.*festvox-us-slt-hts.*VOICE_ENGINE=polly/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  // Lambda runs code as an unprivileged user with only /tmp writable; as root here, run festival as nobody.
  it.runIf(process.getuid?.() === 0)(
    'runs as an unprivileged user and writes nothing outside its work directory',
    async () => {
      // Prepare
      const scratch = await mkdtemp(join(tmpdir(), 'voice-nobody-'));
      const nobodyDir = await mkdtemp(join(tmpdir(), 'voice-nobody-work-'));
      try {
        const wrapper = join(scratch, 'festival-as-nobody');
        await writeFile(
          wrapper,
          '#!/bin/sh\nexec setpriv --reuid=nobody --regid=nogroup --clear-groups festival "$@"\n',
        );
        await chmod(wrapper, 0o755);
        const { stdout: ids } = await execFileAsync('id', ['-u', 'nobody']);
        await chown(nobodyDir, Number(ids.trim()), 0);
        const before = Date.now() - 1000;
        vi.stubEnv(festivalPathEnv, wrapper);

        // Act
        const spoken = await localVoice().speak(
          { text: 'Order your first bag today.' },
          voiceFor('ugc', 'local'),
          nobodyDir,
        );

        // Assess
        expect((await stat(spoken.audioPath)).uid).toBe(Number(ids.trim()));
        expect(await readdir(nobodyDir)).toEqual([spoken.audioPath.slice(nobodyDir.length + 1)]);
        // nobody can write only to the world-writable directories; none holds a new file of theirs.
        const stdout = await findSurvivingFiles([
          ...['/tmp', '/var/tmp', '/dev/shm'],
          ...['-xdev', '-user', 'nobody', '-newermt', `@${Math.floor(before / 1000)}`],
          ...['-not', '-path', `${nobodyDir}*`],
        ]);
        expect(stdout.trim()).toBe('');
      } finally {
        vi.unstubAllEnvs();
        await rm(scratch, { recursive: true, force: true });
        await rm(nobodyDir, { recursive: true, force: true });
      }
    },
  );
});
