// The AWS voice: Amazon Polly's SynthesizeSpeech, twice per read with the same SSML: once for MP3
// audio at the neural voices' native 24 kHz (better than the 16 kHz PCM ceiling), once for word
// speech marks. The MP3 is decoded to the 48 kHz WAV every voice hands back, with the bundled
// ffmpeg the renderer already runs. Needs polly:SynthesizeSpeech and nothing bundled.
import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PollyClient, SynthesizeSpeechCommand, type SynthesizeSpeechCommandInput } from '@aws-sdk/client-polly';
import { runFfmpeg } from '#generation/media/run-ffmpeg.ts';
import { tracer } from '#powertools/tracer.ts';
import { parseSpeechMarks, timeWords } from './speech-marks.ts';
import { lineSsml } from './ssml.ts';
import type { PollyVoiceChoice, ReadWord, SpokenLine, Voice } from './voice.ts';
import { voiceSampleRate } from './voice.ts';
import { voiceFrom } from './voice-from.ts';
import { readWavFacts } from './wav.ts';

// A line is a few seconds of speech; Polly answers in well under one. Past this the render retries.
const requestTimeoutMs = 15_000;

let defaultClient: PollyClient | undefined;

/**
 * Created on first use, traced, and kept for the container's life. Region and credentials come
 * from the Lambda; AWS_ENDPOINT_URL_POLLY points it elsewhere (the SDK reads it).
 */
function sharedClient(): PollyClient {
  defaultClient ??= tracer.captureAWSv3Client(new PollyClient({}));
  return defaultClient;
}

export function pollyVoice(options: { client?: PollyClient } = {}): Voice {
  const client = options.client ?? sharedClient();
  // Reads run side by side: each is two small requests, well inside Polly's per-account rate.
  return voiceFrom<PollyVoiceChoice>('polly', (reads, voice, workDir, onRead) =>
    Promise.all(
      reads.map(async ({ words, rate }, index) => {
        const spoken = await read(client, words, voice, rate, workDir);
        onRead?.(index);
        return spoken;
      }),
    ),
  );
}

/** One line: Polly says each word as words/split-words.ts spells it; its marks time the words as written. */
async function read(
  client: PollyClient,
  words: readonly ReadWord[],
  voice: PollyVoiceChoice,
  rate: number,
  workDir: string,
): Promise<SpokenLine> {
  const { ssml, wordBytes } = lineSsml(
    words.map((word) => word.said),
    rate,
  );
  const request = { Engine: voice.pollyEngine, VoiceId: voice.voiceId, Text: ssml, TextType: 'ssml' } as const;
  const [audio, marks] = await Promise.all([
    synthesize(client, { ...request, OutputFormat: 'mp3', SampleRate: '24000' }),
    synthesize(client, { ...request, OutputFormat: 'json', SpeechMarkTypes: ['word'] }),
  ]);
  // Unique per read: two scenes may speak the same line, and a line read again faster deletes its first read.
  const key = `${createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 16)}-${randomUUID().slice(0, 8)}`;
  const mp3Path = join(workDir, `voice-${key}.mp3`);
  const wavPath = join(workDir, `voice-${key}.wav`);
  await writeFile(mp3Path, await audio.transformToByteArray());
  await runFfmpeg(['-y', '-i', mp3Path, '-ac', '1', '-ar', String(voiceSampleRate), '-c:a', 'pcm_s16le', wavPath]);
  const { durationSeconds } = await readWavFacts(wavPath);
  const written = words.map((word) => word.written);
  const spoken = timeWords(written, wordBytes, parseSpeechMarks(await marks.transformToString()), durationSeconds);
  return { audioPath: wavPath, durationSeconds, words: spoken, rate };
}

async function synthesize(client: PollyClient, input: SynthesizeSpeechCommandInput) {
  const response = await client.send(new SynthesizeSpeechCommand(input), {
    abortSignal: AbortSignal.timeout(requestTimeoutMs),
  });
  if (!response.AudioStream) throw new Error(`Polly answered ${input.OutputFormat} with no body`);
  return response.AudioStream;
}
