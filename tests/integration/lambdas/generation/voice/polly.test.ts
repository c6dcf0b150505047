// The Polly voice through the real @aws-sdk/client-polly, against a local server speaking
// SynthesizeSpeech's wire contract: what it asks Polly for, field by field, and that the audio and
// speech marks Polly answers become a 48 kHz WAV with every word of the line timed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVoice } from '#generation/voice/create-voice.ts';
import { maxSpeedUp } from '#generation/voice/pace.ts';
import { pollyVoice } from '#generation/voice/polly-voice.ts';
import { voiceFor } from '#generation/voice/style-voices.ts';
import { readWavFacts } from '#generation/voice/wav.ts';
import {
  type PollyStub,
  type PollyStubOptions,
  type PollyStubRequest,
  pollyError,
  startPollyStub,
  stubPace,
} from '../../../support/polly-stub.ts';

let workDir: string;
let stub: PollyStub | undefined;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'voice-polly-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

afterEach(async () => {
  await stub?.stop();
  stub = undefined;
});

async function stubAndVoice(options: PollyStubOptions = {}) {
  stub = await startPollyStub(options);
  const client = new PollyClient({
    endpoint: stub.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDLOCALSTUB', secretAccessKey: 'local-stub-secret' },
    // One attempt, so an error answer reaches the test as the SDK names it, without backoff waits.
    maxAttempts: 1,
  });
  return { stub, client, voice: pollyVoice({ client }) };
}

function requestFor(requests: PollyStubRequest[], outputFormat: string): PollyStubRequest {
  const request = requests.find((candidate) => candidate.body.OutputFormat === outputFormat);
  if (!request) throw new Error(`No ${outputFormat} request among ${requests.length}`);
  return request;
}

/** When the stub says word `index` starts, at `percent` of its pace. */
function stubWordStart(index: number, percent: number): number {
  return ((stubPace.leadSeconds + index * stubPace.secondsPerWord) * 100) / percent;
}

describe('the Polly voice', () => {
  it('asks for MP3 audio and word marks of the same SSML, signed for polly', async () => {
    // Prepare
    const { stub, voice } = await stubAndVoice();

    // Act
    await voice.speak({ text: 'Coffee worth waking up for.' }, voiceFor('cinematic', 'polly'), workDir);

    // Assess
    expect(stub.requests).toHaveLength(2);
    const ssml = '<speak><prosody rate="85%">Coffee worth waking up for.</prosody></speak>';
    const audio = requestFor(stub.requests, 'mp3');
    const marks = requestFor(stub.requests, 'json');
    for (const request of [audio, marks]) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/speech');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
      const signature =
        /^AWS4-HMAC-SHA256 Credential=AKIDLOCALSTUB\/\d{8}\/us-east-1\/polly\/aws4_request, SignedHeaders=([a-z0-9:;-]+), Signature=[0-9a-f]{64}$/.exec(
          request.headers.authorization ?? '',
        );
      expect(signature?.[1]?.split(';')).toEqual(
        expect.arrayContaining([':authority', 'content-type', 'x-amz-content-sha256', 'x-amz-date']),
      );
    }
    expect(audio.body).toEqual({
      Engine: 'neural',
      OutputFormat: 'mp3',
      SampleRate: '24000',
      Text: ssml,
      TextType: 'ssml',
      VoiceId: 'Gregory',
    });
    expect(marks.body).toEqual({
      Engine: 'neural',
      OutputFormat: 'json',
      SpeechMarkTypes: ['word'],
      Text: ssml,
      TextType: 'ssml',
      VoiceId: 'Gregory',
    });
  });

  it('times each word from its mark, until the next word starts, the last until the audio ends', async () => {
    // Prepare
    const { voice } = await stubAndVoice();
    const text = 'Roasted the day it ships.';

    // Act
    const spoken = await voice.speak({ text }, voiceFor('ugc', 'polly'), workDir);

    // Assess
    const audioSeconds = stubPace.leadSeconds + 5 * stubPace.secondsPerWord + stubPace.tailSeconds;
    expect(spoken.durationSeconds).toBeCloseTo(audioSeconds, 1);
    expect(await readWavFacts(spoken.audioPath)).toMatchObject({ sampleRate: 48_000, channels: 1, bitsPerSample: 16 });
    expect(spoken.words.map((word) => word.word)).toEqual(text.split(' '));
    spoken.words.forEach((word, index) => {
      expect(word.startSeconds).toBeCloseTo(stubWordStart(index, 100), 3);
      const next = spoken.words[index + 1]?.startSeconds ?? spoken.durationSeconds;
      expect(word.endSeconds).toBe(next);
    });
    expect(spoken.rate).toBe(1);
  });

  it('asks Polly to say a run-together domain as words and captions it as written', async () => {
    // Prepare
    const { stub, voice } = await stubAndVoice();

    // Act
    const spoken = await voice.speak(
      { text: 'Shop emberoakcoffee.com.' },
      voiceFor('direct-response', 'polly'),
      workDir,
    );

    // Assess
    expect(requestFor(stub.requests, 'mp3').body.Text).toBe(
      '<speak><prosody rate="110%">Shop ember oak coffee dot com.</prosody></speak>',
    );
    expect(spoken.words.map((word) => word.word)).toEqual(['Shop', 'emberoakcoffee.com.']);
    expect(spoken.words[1]!.startSeconds).toBeGreaterThan(spoken.words[0]!.startSeconds);
  });

  it('escapes the line for SSML and still times every word as written', async () => {
    // Prepare
    const { stub, voice } = await stubAndVoice();
    const text = 'Bean & Bloom’s café: "<50% off>" — it\'s back';

    // Act
    const spoken = await voice.speak({ text }, voiceFor('direct-response', 'polly'), workDir);

    // Assess
    expect(requestFor(stub.requests, 'json').body.Text).toBe(
      '<speak><prosody rate="110%">Bean &amp; Bloom’s café: &quot;&lt;50% off&gt;&quot; — it&apos;s back</prosody></speak>',
    );
    expect(spoken.words.map((word) => word.word)).toEqual(text.split(' '));
    expect(spoken.words.map((word) => word.startSeconds)).toEqual(
      text.split(' ').map((_, index) => expect.closeTo(stubWordStart(index, 110), 3)),
    );
  });

  it('reads a line that would overrun its scene faster, at most 15 % faster than the voice', async () => {
    // Prepare
    const { stub, voice } = await stubAndVoice();
    const text = 'Shipping is free on every order over thirty dollars, always.';
    const choice = voiceFor('direct-response', 'polly');

    // Act
    const fitted = await voice.speak({ text, maxSeconds: 3.6 }, choice, workDir);
    const capped = await voice.speak({ text, maxSeconds: 2 }, choice, workDir);

    // Assess: each overrun costs one more pair of requests, at the faster rate.
    expect(stub.requests).toHaveLength(8);
    expect(fitted.rate).toBeGreaterThan(choice.rate);
    expect(fitted.durationSeconds).toBeLessThanOrEqual(3.6);
    expect(capped.rate).toBeCloseTo(choice.rate * maxSpeedUp, 2);
    expect(capped.durationSeconds).toBeGreaterThan(2);
    const rates = stub.requests.map((request) => /rate="(\d+)%"/.exec(request.body.Text ?? '')?.[1]);
    expect(rates).toEqual(
      expect.arrayContaining([String(Math.round(fitted.rate * 100)), String(Math.round(capped.rate * 100))]),
    );
  });

  it('is what createVoice gives with VOICE_ENGINE=polly, through the environment’s endpoint and credentials', async () => {
    // Prepare: no client passed in, as the renderer will call it.
    stub = await startPollyStub();
    vi.stubEnv('VOICE_ENGINE', 'polly');
    vi.stubEnv('AWS_ENDPOINT_URL_POLLY', stub.endpoint);
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFROMENV');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'env-secret');

    try {
      // Act
      const voice = await createVoice();
      const spoken = await voice.speak({ text: 'Order your first bag.' }, voiceFor('ugc', voice.engine), workDir);

      // Assess
      expect(voice.engine).toBe('polly');
      expect(spoken.words).toHaveLength(4);
      expect(stub.requests.map((request) => request.body.VoiceId)).toEqual(['Danielle', 'Danielle']);
      expect(stub.requests[0]!.headers.authorization).toMatch(/Credential=AKIDFROMENV\/\d{8}\/eu-west-1\/polly\//);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([
    ['InvalidSsmlException', 'Invalid SSML request'],
    ['TextLengthExceededException', 'Maximum text length has been exceeded'],
    ['ThrottlingException', 'Rate exceeded'],
  ] as const)('surfaces %s as the SDK names it', async (name, message) => {
    // Prepare
    const { voice } = await stubAndVoice({ respond: () => pollyError(name) });

    // Act
    const speaking = voice.speak({ text: 'Order now.' }, voiceFor('cinematic', 'polly'), workDir);

    // Assess
    await expect(speaking).rejects.toMatchObject({ name, message, $metadata: { httpStatusCode: 400 } });
  });
});

describe('the Polly stub', () => {
  it('rejects SSML with a bare ampersand, as Polly does', async () => {
    // Prepare
    const { client } = await stubAndVoice();

    // Act
    const sending = client.send(
      new SynthesizeSpeechCommand({
        Engine: 'neural',
        OutputFormat: 'mp3',
        Text: '<speak>Bean & Bloom</speak>',
        TextType: 'ssml',
        VoiceId: 'Joanna',
      }),
    );

    // Assess
    await expect(sending).rejects.toMatchObject({ name: 'InvalidSsmlException', $metadata: { httpStatusCode: 400 } });
  });

  it('bills the characters outside the tags and labels audio as audio/mpeg', async () => {
    // Prepare
    const { client } = await stubAndVoice();

    // Act
    const response = await client.send(
      new SynthesizeSpeechCommand({
        Engine: 'neural',
        OutputFormat: 'mp3',
        Text: '<speak><prosody rate="90%">Hello there</prosody></speak>',
        TextType: 'ssml',
        VoiceId: 'Joanna',
      }),
    );

    // Assess
    expect(response.ContentType).toBe('audio/mpeg');
    expect(response.RequestCharacters).toBe('Hello there'.length);
    expect((await response.AudioStream!.transformToByteArray()).byteLength).toBeGreaterThan(1000);
  });

  it('answers PCM as 16 kHz 16-bit mono audio/pcm of the speech’s length', async () => {
    // Prepare
    const { client } = await stubAndVoice();

    // Act
    const response = await client.send(
      new SynthesizeSpeechCommand({ Engine: 'neural', OutputFormat: 'pcm', Text: 'Hello there', VoiceId: 'Joanna' }),
    );

    // Assess
    const seconds = stubPace.leadSeconds + 2 * stubPace.secondsPerWord + stubPace.tailSeconds;
    expect(response.ContentType).toBe('audio/pcm');
    expect((await response.AudioStream!.transformToByteArray()).byteLength).toBe(Math.round(seconds * 16_000) * 2);
  });
});
