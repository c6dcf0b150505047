// Amazon Polly's SynthesizeSpeech on 127.0.0.1, in the REST-JSON wire shape @aws-sdk/client-polly
// speaks (POST /v1/speech with a JSON body; audio or newline-delimited speech marks back, errors
// named by the x-amzn-errortype header), so the Polly voice runs its real client against it.
// HTTP/2 only: the Polly client's default handler is NodeHttp2Handler (Polly also streams both
// ways), which talks h2 with prior knowledge to an http:// endpoint.
// By default it "speaks": every word takes the same time at 100 %, <prosody rate> scales it, the
// audio is a real MP3 (or PCM) of that length made by ffmpeg, and the word marks point at the
// words' byte offsets in the request text, as Polly's do.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Http2ServerRequest, Http2ServerResponse, IncomingHttpHeaders } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '#generation/media/ffmpeg-binary.ts';
import { readText } from '#local/support/http.ts';
import { sendAwsJson, startHttp2Stub } from './http2-stub.ts';

const execFileAsync = promisify(execFile);

/** The SynthesizeSpeech request body as sent; fields are PascalCase on the wire. */
export interface SynthesizeSpeechBody {
  Engine?: string;
  LanguageCode?: string;
  LexiconNames?: string[];
  OutputFormat?: string;
  SampleRate?: string;
  SpeechMarkTypes?: string[];
  Text?: string;
  TextType?: string;
  VoiceId?: string;
  [field: string]: unknown;
}

export interface PollyStubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: SynthesizeSpeechBody;
}

/** An answer in Polly's error shape, e.g. `pollyError('ThrottlingException')`. */
export interface PollyStubErrorAnswer {
  status: number;
  errorType: string;
  message: string;
}

export interface PollyStubOptions {
  /** An error for this request, or undefined to speak it. */
  respond?: (request: PollyStubRequest) => PollyStubErrorAnswer | undefined;
}

export interface PollyStub {
  /** Pass as the client's `endpoint`, e.g. http://127.0.0.1:43121. */
  endpoint: string;
  /** Every request received, oldest first. */
  requests: PollyStubRequest[];
  stop(): Promise<void>;
}

/** The stub's speech at 100 %; at rate r % every time is multiplied by 100 / r. */
export const stubPace = { leadSeconds: 0.1, secondsPerWord: 0.4, tailSeconds: 0.15 } as const;

// The HTTP status each SynthesizeSpeech error has in Polly's service model.
const errorStatus = {
  EngineNotSupportedException: 400,
  InvalidSampleRateException: 400,
  InvalidSsmlException: 400,
  LanguageNotSupportedException: 400,
  LexiconNotFoundException: 404,
  MarksNotSupportedForFormatException: 400,
  ServiceFailureException: 500,
  SsmlMarksNotSupportedForTextTypeException: 400,
  TextLengthExceededException: 400,
  ThrottlingException: 400,
} as const;
export type PollyErrorName = keyof typeof errorStatus;

export function pollyError(name: PollyErrorName, message = defaultMessage(name)): PollyStubErrorAnswer {
  return { status: errorStatus[name], errorType: name, message };
}

const sampleRates: Record<string, string[]> = {
  mp3: ['8000', '16000', '22050', '24000', '44100', '48000'],
  pcm: ['8000', '16000'],
};
const maxBilledCharacters = 3000;

export async function startPollyStub(options: PollyStubOptions = {}): Promise<PollyStub> {
  const requests: PollyStubRequest[] = [];
  const scratch = await mkdtemp(join(tmpdir(), 'polly-stub-'));

  async function handle(request: Http2ServerRequest, response: Http2ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://stub').pathname;
    if (request.method !== 'POST' || path !== '/v1/speech') {
      sendError(response, { status: 404, errorType: 'UnknownOperationException', message: `No operation at ${path}` });
      return;
    }
    const body = JSON.parse(await readText(request)) as SynthesizeSpeechBody;
    const received: PollyStubRequest = { method: request.method, path, headers: request.headers, body };
    requests.push(received);
    const answer = options.respond?.(received) ?? validationError(body);
    if (answer) {
      sendError(response, answer);
      return;
    }
    const speech = speechOf(body.Text ?? '', body.TextType === 'ssml');
    const headers = { 'x-amzn-requestcharacters': String(speech.billedCharacters), 'x-amzn-requestid': randomUUID() };
    if (body.OutputFormat === 'json') {
      const marks = speech.words.map(({ time, start, end, value }) =>
        JSON.stringify({ time, type: 'word', start, end, value }),
      );
      response.writeHead(200, { ...headers, 'content-type': 'application/x-json-stream' });
      response.end(marks.map((mark) => `${mark}\n`).join(''));
      return;
    }
    const pcm = body.OutputFormat === 'pcm';
    const audio = await toneOf(speech.durationSeconds, pcm ? 'pcm' : 'mp3', body.SampleRate);
    response.writeHead(200, { ...headers, 'content-type': pcm ? 'audio/pcm' : 'audio/mpeg' });
    response.end(audio);
  }

  /** A tone of the speech's length, so the client decodes real audio of the right duration. */
  async function toneOf(seconds: number, format: 'mp3' | 'pcm', sampleRate = format === 'pcm' ? '16000' : '24000') {
    const file = join(scratch, `${randomUUID()}.${format}`);
    const encoding = format === 'pcm' ? ['-f', 's16le', '-c:a', 'pcm_s16le'] : ['-f', 'mp3', '-c:a', 'libmp3lame'];
    await execFileAsync(ffmpegPath(), [
      ...['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=${sampleRate}:duration=${seconds}`],
      ...['-ac', '1', ...encoding, file],
    ]);
    try {
      return await readFile(file);
    } finally {
      await rm(file, { force: true });
    }
  }

  const stub = await startHttp2Stub(handle, (response, error) =>
    sendError(response, pollyError('ServiceFailureException', error.message)),
  );
  return {
    endpoint: stub.endpoint,
    requests,
    stop: async () => {
      await stub.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** What Polly itself rejects before synthesizing. */
function validationError(body: SynthesizeSpeechBody): PollyStubErrorAnswer | undefined {
  const text = body.Text ?? '';
  if (body.TextType === 'ssml' && !isWellFormedSsml(text)) return pollyError('InvalidSsmlException');
  if (speechOf(text, body.TextType === 'ssml').billedCharacters > maxBilledCharacters) {
    return pollyError('TextLengthExceededException');
  }
  if (body.SpeechMarkTypes?.length && body.OutputFormat !== 'json') {
    return pollyError('MarksNotSupportedForFormatException');
  }
  const rates = sampleRates[body.OutputFormat ?? ''];
  if (body.SampleRate !== undefined && rates && !rates.includes(body.SampleRate)) {
    return pollyError('InvalidSampleRateException');
  }
  return undefined;
}

/** <speak> at the root, every tag closed in order, no bare "<", ">" or "&" in the text. */
function isWellFormedSsml(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('<speak>') || !trimmed.endsWith('</speak>')) return false;
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of trimmed.matchAll(/<(\/?)([a-zA-Z:-]+)[^<>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) open.push(name!);
    else if (open.pop() !== name) return false;
  }
  const between = trimmed.replace(/<(\/?)([a-zA-Z:-]+)[^<>]*?(\/?)>/g, '');
  return open.length === 0 && !/[<>]|&(?!(amp|lt|gt|quot|apos);)/.test(between);
}

interface StubWordMark {
  time: number;
  start: number;
  end: number;
  value: string;
}

/** The words of the text (outside tags), their byte offsets, and the stub's timing for them. */
function speechOf(
  text: string,
  ssml: boolean,
): { words: StubWordMark[]; durationSeconds: number; billedCharacters: number } {
  const rateMatch = ssml ? /<prosody\b[^>]*\brate="(\d+)%"/.exec(text) : null;
  const scale = 100 / Number(rateMatch?.[1] ?? 100);
  const spoken = ssml ? text.replace(/<[^>]*>/g, (tag) => ' '.repeat(tag.length)) : text;
  const words: StubWordMark[] = [];
  for (const match of spoken.matchAll(/\S+/g)) {
    const start = Buffer.byteLength(text.slice(0, match.index));
    words.push({
      time: Math.round((stubPace.leadSeconds + words.length * stubPace.secondsPerWord) * scale * 1000),
      start,
      end: start + Buffer.byteLength(match[0]),
      value: match[0],
    });
  }
  const seconds = stubPace.leadSeconds + words.length * stubPace.secondsPerWord + stubPace.tailSeconds;
  return {
    words,
    durationSeconds: Math.round(seconds * scale * 1000) / 1000,
    billedCharacters: spoken.replace(/\s+/g, ' ').trim().length,
  };
}

function sendError(response: Http2ServerResponse, answer: PollyStubErrorAnswer): void {
  sendAwsJson(response, answer.status, { __type: answer.errorType, message: answer.message }, answer.errorType);
}

function defaultMessage(name: PollyErrorName): string {
  if (name === 'InvalidSsmlException') return 'Invalid SSML request';
  if (name === 'TextLengthExceededException') return 'Maximum text length has been exceeded';
  if (name === 'ThrottlingException') return 'Rate exceeded';
  return `${name} from the Polly stub.`;
}
