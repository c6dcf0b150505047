// Google Veo on the Gemini API (docs/footage-providers.md §Veo): POST
// /v1beta/models/<model>:predictLongRunning starts a long-running operation, GET /v1beta/<name>
// polls it until `done`, and the video's `uri` is downloaded with the same API key.
import { Buffer } from 'node:buffer';
import {
  ClipError,
  type ClipJob,
  type ClipPoll,
  type ClipProvider,
  type ClipRequest,
  call,
  downloadClip,
  type FailureKind,
  jsonOf,
  kindOfStatus,
  type ProviderConnection,
  sameOrigin,
  unreadable,
} from './clip-provider.ts';

export const veoApiBase = 'https://generativelanguage.googleapis.com';

/** google.rpc.Code values worth another try: RESOURCE_EXHAUSTED, INTERNAL, UNAVAILABLE, DEADLINE_EXCEEDED. */
const retryableRpcCodes = new Set([4, 8, 13, 14]);

interface Operation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string; status?: string };
  response?: {
    generateVideoResponse?: {
      generatedSamples?: { video?: { uri?: string } }[];
      raiMediaFilteredCount?: number;
      raiMediaFilteredReasons?: string[];
    };
  };
}

export function veoProvider(connection: ProviderConnection): ClipProvider {
  const headers = { 'x-goog-api-key': connection.apiKey };
  return {
    name: 'veo',
    async start(request: ClipRequest): Promise<ClipJob> {
      const instance: Record<string, unknown> = { prompt: request.prompt };
      if (request.image) {
        instance.image = {
          bytesBase64Encoded: Buffer.from(request.image.bytes).toString('base64'),
          mimeType: request.image.mimeType,
        };
      }
      const response = await call(
        connection,
        `${connection.apiBase}/v1beta/models/${connection.model}:predictLongRunning`,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            instances: [instance],
            parameters: {
              aspectRatio: '9:16',
              durationSeconds: request.seconds,
              resolution: request.resolution,
              ...(request.negativePrompt ? { negativePrompt: request.negativePrompt } : {}),
            },
          }),
        },
      );
      const body = (await jsonOf(response)) as Operation | null;
      if (!response.ok) throw veoError(response.status, body);
      if (!body?.name) throw new ClipError('retryable', 'Veo answered without an operation name');
      return { id: body.name, pollUrl: `${connection.apiBase}/v1beta/${body.name}` };
    },

    async poll(job: ClipJob): Promise<ClipPoll> {
      let response: Response;
      try {
        response = await call(connection, job.pollUrl, { headers });
      } catch (error) {
        return unreadable(error);
      }
      const operation = (await jsonOf(response)) as Operation | null;
      if (!response.ok) return unreadable(veoError(response.status, operation));
      if (!operation?.done) return { state: 'pending' };
      if (operation.error) {
        const kind: FailureKind = retryableRpcCodes.has(operation.error.code ?? 0) ? 'retryable' : 'final';
        return {
          state: 'failed',
          kind,
          reason: `Veo: ${operation.error.message ?? operation.error.status ?? 'failed'}`,
        };
      }
      const video = operation.response?.generateVideoResponse;
      const uri = video?.generatedSamples?.[0]?.video?.uri;
      if ((video?.raiMediaFilteredCount ?? 0) > 0 || (!uri && video?.raiMediaFilteredReasons?.length)) {
        return {
          state: 'failed',
          kind: 'refused',
          reason: `Veo's safety filter: ${video?.raiMediaFilteredReasons?.join('; ') ?? 'filtered'}`,
        };
      }
      if (!uri) return { state: 'failed', kind: 'final', reason: 'Veo finished without a video' };
      try {
        return { state: 'done', url: sameOrigin(connection, uri) };
      } catch (error) {
        return { state: 'failed', kind: 'final', reason: (error as Error).message };
      }
    },

    download(url: string) {
      return downloadClip(connection, sameOrigin(connection, url), headers);
    },
  };
}

/** Google's error envelope `{error: {code, message, status}}`. */
function veoError(status: number, body: Operation | null): ClipError {
  const message = body?.error?.message ?? `HTTP ${status}`;
  return new ClipError(kindOfStatus(status), `Veo ${body?.error?.status ?? status}: ${message}`, status);
}
