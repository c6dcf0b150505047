// The local voice with the real festival (Debian packages festival + festvox-us-slt-hts): what a
// listener can measure of each style's read (length, pace), word times a caption can follow, and
// a run as Lambda's kind of user, writing nowhere but its work directory.
import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { festivalPathEnv, localVoice } from '#generation/voice/local-voice.ts';
import { heardPace, maxSpeedUp, speechSeconds } from '#generation/voice/pace.ts';
import { targetPace, voiceFor } from '#generation/voice/style-voices.ts';
import type { SpokenLine } from '#generation/voice/voice.ts';
import { readWavFacts } from '#generation/voice/wav.ts';
import { type Style, styles } from '#shared/contract.ts';

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

// Lines a marketer would write, four per style: what each style's pace is measured on.
const marketerLines: Record<Style, string[]> = {
  'direct-response': [
    'Coffee roasted the day it ships. House Blend, sixteen dollars. Subscribe and save fifteen percent. Shop at emberoakcoffee.com.',
    'Coffee roasted the day it ships.',
    'House Blend, sixteen dollars. Subscribe and save fifteen percent.',
    'Buy three bags, get one free. Today only.',
  ],
  ugc: [
    'Okay, my cat is the pickiest eater I know.',
    'She finished the whole bag of salmon treats in a week.',
    'Honestly, they’re five dollars and she begs for more.',
    'Get yours at whiskertreats.com.',
  ],
  cinematic: [
    'Every bean is roasted by hand, the day it ships.',
    'A Yamaha XS400, restored in our own garage.',
    'Four thousand two hundred dollars. One owner. Ready to ride.',
    'Ember and Oak. Find yours at emberoakcoffee.com.',
  ],
};

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
    // Festival is deterministic: the line lands inside the style's range on any machine (a rate is
    // rounded to 0.001, and a read's length is not exactly in proportion to its rate).
    expect(heardPace(spoken)).toBeGreaterThanOrEqual(targetPace(style).min - 0.05);
    expect(heardPace(spoken)).toBeLessThanOrEqual(targetPace(style).max + 0.05);
    expect(spoken.words.map((word) => word.word)).toEqual(line.split(' '));
    expectFollowableTimes(spoken);
  });

  it('reads cinematic slowest and direct-response fastest', () => {
    // Assess (on the reads above)
    const pace = (style: string) => heardPace(reads.get(style)!)!;
    expect(pace('cinematic')).toBeLessThan(pace('ugc'));
    expect(pace('ugc')).toBeLessThan(pace('direct-response'));
  });

  it('speaks a direct-response ad line at 2.6 heard words a second or faster, and a cinematic one at 2.4 or slower', async () => {
    // Act
    const [directResponse, cinematic] = await Promise.all([
      localVoice().speak({ text: marketerLines['direct-response'][0]! }, voiceFor('direct-response', 'local'), workDir),
      localVoice().speak({ text: marketerLines.cinematic[2]! }, voiceFor('cinematic', 'local'), workDir),
    ]);

    // Assess: heard words (festival's own Word items: "emberoakcoffee.com" is five) over the speech.
    expect(heardPace(directResponse)).toBeGreaterThanOrEqual(2.6);
    expect(heardPace(directResponse)).toBeLessThanOrEqual(3.1);
    expect(heardPace(cinematic)).toBeLessThanOrEqual(2.4);
    expect(heardPace(cinematic)).toBeGreaterThanOrEqual(1.9);
  });

  it.each(styles)('reads each of four %s lines a marketer would write inside the style’s range', async (style) => {
    // Act: the four lines in one call, as an ad's lines are read.
    const spoken = await localVoice().speakLines(
      marketerLines[style].map((text) => ({ text })),
      voiceFor(style, 'local'),
      workDir,
    );

    // Assess
    for (const read of spoken) {
      expect(heardPace(read)).toBeGreaterThanOrEqual(targetPace(style).min - 0.05);
      expect(heardPace(read)).toBeLessThanOrEqual(targetPace(style).max + 0.05);
    }
  });

  it('tells the share of the reads done as festival finishes each one, up to all of them', async () => {
    // Prepare
    const lines = marketerLines['direct-response'].map((text) => ({ text }));
    const shares: number[] = [];

    // Act
    const spoken = await localVoice().speakLines(lines, voiceFor('direct-response', 'local'), workDir, (share) =>
      shares.push(share),
    );

    // Assess: one report per read festival made (a line read again at another rate is one more).
    expect(spoken).toHaveLength(lines.length);
    expect(shares.length).toBeGreaterThanOrEqual(lines.length);
    expect(shares.slice(0, lines.length)).toEqual(lines.map((_, index) => (index + 1) / lines.length));
    expect(shares.at(-1)).toBe(1);
  });

  it('says a run-together domain as words and captions it as written', async () => {
    // Act
    const spoken = await localVoice().speak(
      { text: 'Shop at emberoakcoffee.com.' },
      voiceFor('direct-response', 'local'),
      workDir,
    );

    // Assess: festival said "shop at ember oak coffee dot com", seven words, under three captions.
    expect(spoken.heardWords).toBe(7);
    expect(spoken.words.map((word) => word.word)).toEqual(['Shop', 'at', 'emberoakcoffee.com.']);
    const domain = spoken.words[2]!;
    expect(domain.endSeconds - domain.startSeconds).toBeGreaterThan(
      spoken.words[0]!.endSeconds - spoken.words[0]!.startSeconds,
    );
    expectFollowableTimes(spoken);
  });

  it('starts festival at most twice for an ad’s lines: once for all, once for those read again', async () => {
    // Prepare: a festival that notes each start.
    const scratch = await mkdtemp(join(tmpdir(), 'voice-starts-'));
    try {
      const log = join(scratch, 'starts');
      const wrapper = join(scratch, 'festival-counted');
      await writeFile(wrapper, `#!/bin/sh\necho start >> ${log}\nexec festival "$@"\n`);
      await chmod(wrapper, 0o755);
      vi.stubEnv(festivalPathEnv, wrapper);

      // Act
      const spoken = await localVoice().speakLines(
        marketerLines['direct-response'].map((text) => ({ text, maxSeconds: 2.5 })),
        voiceFor('direct-response', 'local'),
        workDir,
      );

      // Assess
      expect(spoken).toHaveLength(4);
      expect((await readFile(log, 'utf8')).trim().split('\n').length).toBeLessThanOrEqual(2);
    } finally {
      vi.unstubAllEnvs();
      await rm(scratch, { recursive: true, force: true });
    }
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

  it('reads a line that would overrun its scene faster, at most 15 % faster than its style’s pace', async () => {
    // Prepare
    const voice = voiceFor('direct-response', 'local');
    const natural = await localVoice().speak({ text: line }, voice, workDir);

    // Act
    const fitted = await localVoice().speak({ text: line, maxSeconds: speechSeconds(natural) - 0.1 }, voice, workDir);
    const capped = await localVoice().speak({ text: line, maxSeconds: 1 }, voice, workDir);

    // Assess
    expect(fitted.rate).toBeGreaterThan(natural.rate);
    expect(speechSeconds(fitted)).toBeLessThanOrEqual(speechSeconds(natural) - 0.1);
    // The one cap is on the style's own rate: a line read alone is an ad of one line, which may
    // already be read above that rate to bring the ad to its style's pace (voice/pace.ts lineRates).
    expect(capped.rate).toBeCloseTo(voice.rate * maxSpeedUp, 2);
    expect(fitted.rate).toBeLessThanOrEqual(voice.rate * maxSpeedUp);
    expect(speechSeconds(capped)).toBeLessThanOrEqual(speechSeconds(fitted));
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
