// The twin's and CI's voice: Debian's festival with the CMU SLT HTS voice (packages festival and
// festvox-us-slt-hts). Chosen over flite (-voice slt) on measured reads: 0.3–0.4 s a line against
// flite's 0.05–0.08 s, both small beside a render, and the HTS voice is far less robotic; festival
// also times every word from the utterance, where flite's -pw prints words without times. One
// festival process reads every line of a call (an ad's lines, or the ones read again at another rate).
// Festival reads its script from stdin and writes only the WAV it is told to, in the work
// directory, which is also its working directory: it runs as Lambda's kind of user, /tmp writable.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { festivalScript, parseFestivalOutput, readFinished, speakableWord } from './festival-script.ts';
import type { LocalVoiceChoice, SpokenLine, SpokenWord, Synthesize, Voice } from './voice.ts';
import { voiceFrom } from './voice-from.ts';
import { readWavFacts } from './wav.ts';

/** Overrides /usr/bin/festival (on PATH), e.g. a build elsewhere or a wrapper. */
export const festivalPathEnv = 'FESTIVAL_PATH';

// A line takes well under a second, festival's start about one: a minute to start and fifteen
// seconds a line (a machine many times overloaded) mean festival is stuck.
const festivalStartMs = 60_000;
const festivalLineMs = 15_000;

export function festivalPath(): string {
  return process.env[festivalPathEnv] || 'festival';
}

export function localVoice(): Voice {
  return voiceFrom<LocalVoiceChoice>('local', festivalReads);
}

/** Each read exactly as asked, at its rate: one festival process for all of them. */
export const festivalReads: Synthesize<LocalVoiceChoice> = async (reads, voice, workDir, onRead) => {
  const lines = reads.map((read) => {
    // Each written word is said as one or more festival tokens ("emberoakcoffee.com" → five).
    const words = read.words.map((word) => ({
      written: word.written,
      tokens: word.said.split(' ').map(speakableWord).filter(Boolean),
    }));
    // Festival decides what a token says ("&" → and, "—" → nothing); it only needs printable text.
    const sent = words.filter((word) => word.tokens.length > 0);
    const written = read.words.map((word) => word.written);
    if (sent.length === 0) throw new Error(`Nothing festival can say in "${written.join(' ')}"`);
    // Unique per read: two scenes may speak the same line, and a line read again faster deletes its first read.
    const wavPath = join(workDir, `voice-${fileKey(written, voice, read.rate)}-${randomUUID().slice(0, 8)}.wav`);
    return { read, sent, wavPath };
  });
  const stdout = await runFestival(
    festivalScript(
      voice.festivalVoice,
      lines.map(({ read, sent, wavPath }) => ({
        words: sent.flatMap((word) => word.tokens),
        rate: read.rate,
        wavPath,
      })),
    ),
    workDir,
    lines.length,
    onRead,
  );
  const parsed = parseFestivalOutput(
    stdout,
    lines.map(({ sent }) => sent.reduce((sum, word) => sum + word.tokens.length, 0)),
  );
  return Promise.all(
    lines.map(async ({ read, sent, wavPath }, index): Promise<SpokenLine> => {
      const { times, heardWords } = parsed[index]!;
      const { durationSeconds } = await readWavFacts(wavPath);
      // A written word lasts from its first token's start to its last token's end.
      let token = 0;
      const grouped = sent.map((word) => {
        const own = times.slice(token, token + word.tokens.length).filter((time) => time !== null);
        token += word.tokens.length;
        const first = own[0];
        const last = own.at(-1);
        return { word: word.written, time: first && last ? ([first[0], last[1]] as [number, number]) : null };
      });
      const timed = grouped.flatMap(({ word, time }, position): SpokenWord[] => {
        if (!time) return [];
        const [startSeconds, end] = time;
        // Festival sometimes ends a token it expands oddly ("24/7") at 0: it then lasts until the
        // next word starts, or to the end of the audio.
        const next = grouped.slice(position + 1).find((later) => later.time)?.time?.[0];
        const endSeconds = end > startSeconds ? end : Math.max(startSeconds, next ?? durationSeconds);
        return [{ word, startSeconds, endSeconds: Math.min(endSeconds, durationSeconds) }];
      });
      return { audioPath: wavPath, durationSeconds, words: timed, heardWords, rate: read.rate };
    }),
  );
};

/** Same words, voice and rate → same file name; another read never overwrites this one. */
function fileKey(words: readonly string[], voice: LocalVoiceChoice, rate: number): string {
  return createHash('sha256')
    .update(JSON.stringify([words, voice.festivalVoice, rate]))
    .digest('hex')
    .slice(0, 16);
}

/** Festival's printout; `onRead` hears each read's index as festival finishes it (festival-script.ts `readFinished`). */
function runFestival(
  script: string,
  workDir: string,
  lines: number,
  onRead?: (index: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const binary = festivalPath();
    const child = spawn(binary, ['--pipe'], {
      cwd: workDir,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: festivalStartMs + lines * festivalLineMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      pending += chunk;
      const printed = pending.split('\n');
      pending = printed.pop() ?? '';
      for (const line of printed) {
        const index = readFinished(line);
        if (index !== null) onRead?.(index);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `festival is not installed (looked for "${binary}"; ${festivalPathEnv} overrides). The local voice needs ` +
                'the Debian packages festival and festvox-us-slt-hts; in AWS use VOICE_ENGINE=polly.',
            )
          : new Error(`festival could not start: ${error.message}`),
      );
    });
    child.on('close', (code, signal) => {
      // In --pipe mode a Scheme error is printed, the script goes on and festival still exits 0.
      if (code === 0 && !stderr.includes('SIOD ERROR')) resolve(stdout);
      else reject(new Error(`festival failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(-1000)}`));
    });
    child.stdin.on('error', () => {
      // A festival that died early closes its stdin; the close handler reports why.
    });
    child.stdin.end(script);
  });
}
