// fal's queue (docs/footage-providers.md §fal): POST https://queue.fal.run/<model-id> with
// `Authorization: Key …` enqueues a request; its `status_url` reports IN_QUEUE / IN_PROGRESS /
// COMPLETED and its `response_url` holds the result `{video: {url}}` or the model's error
// `{detail: [{loc, msg, type}]}` (type content_policy_violation is a refusal, never retried).
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

export const falApiBase = 'https://queue.fal.run';

/** Kling's documented input takes `negative_prompt`; Hailuo's does not (docs/footage-providers.md §fal). */
const takesNegativePrompt = (model: string) => model.startsWith('fal-ai/kling-video/');

interface Submitted {
  request_id?: string;
  status_url?: string;
  response_url?: string;
}
interface ModelError {
  detail?: { loc?: unknown[]; msg?: string; type?: string }[] | string;
}

export function falProvider(connection: ProviderConnection): ClipProvider {
  const headers = { Authorization: `Key ${connection.apiKey}` };
  return {
    name: 'fal',
    async start(request: ClipRequest): Promise<ClipJob> {
      if (!request.image)
        throw new ClipError('final', `${connection.model} is image-to-video only: the scene has no image`);
      const response = await call(connection, `${connection.apiBase}/${connection.model}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          prompt: request.prompt,
          image_url: `data:${request.image.mimeType};base64,${Buffer.from(request.image.bytes).toString('base64')}`,
          // Kling and Hailuo take the length as a string enum ("5" | "10", "6" | "10").
          duration: String(request.seconds),
          ...(request.negativePrompt && takesNegativePrompt(connection.model)
            ? { negative_prompt: request.negativePrompt }
            : {}),
        }),
      });
      const body = (await jsonOf(response)) as (Submitted & ModelError) | null;
      if (!response.ok) throw falError(response, body);
      if (!body?.request_id || !body.status_url || !body.response_url) {
        throw new ClipError('retryable', 'fal answered without request_id, status_url and response_url');
      }
      return {
        id: body.request_id,
        pollUrl: sameOrigin(connection, body.status_url),
        resultUrl: sameOrigin(connection, body.response_url),
      };
    },

    async poll(job: ClipJob): Promise<ClipPoll> {
      let output: ({ video?: { url?: string } } & ModelError) | null;
      let result: Response;
      try {
        const response = await call(connection, job.pollUrl, { headers });
        const status = (await jsonOf(response)) as ({ status?: string } & ModelError) | null;
        if (!response.ok) throw falError(response, status);
        if (status?.status === 'IN_QUEUE' || status?.status === 'IN_PROGRESS') return { state: 'pending' };
        if (status?.status !== 'COMPLETED') {
          return { state: 'unreadable', kind: 'retryable', reason: `fal answered an unknown status ${status?.status}` };
        }
        if (!job.resultUrl) return { state: 'failed', kind: 'final', reason: 'the job has no response_url' };
        result = await call(connection, job.resultUrl, { headers });
        output = (await jsonOf(result)) as typeof output;
      } catch (error) {
        return unreadable(error);
      }
      // COMPLETED covers failed requests too: the result says which, in the model's error shape.
      if (!result.ok) {
        const error = falError(result, output);
        return { state: 'failed', kind: error.kind, reason: error.message };
      }
      const url = output?.video?.url;
      return url ? { state: 'done', url } : { state: 'failed', kind: 'final', reason: 'fal completed without a video' };
    },

    // fal's media URLs (fal.media CDN) are public and carry no key.
    download(url: string) {
      return downloadClip(connection, url);
    },
  };
}

/**
 * fal's model errors: `detail` is a list of typed errors; `content_policy_violation` is a refusal.
 * The `X-Fal-Retryable` header, when present, overrides the status's own meaning.
 */
function falError(response: Response, body: ModelError | null): ClipError {
  const details = Array.isArray(body?.detail) ? body.detail : [];
  const refused = details.some((detail) => detail.type === 'content_policy_violation');
  const header = response.headers.get('x-fal-retryable');
  let kind: FailureKind = refused ? 'refused' : kindOfStatus(response.status);
  if (!refused && header !== null) kind = header === 'true' ? 'retryable' : 'final';
  const message = details.map((detail) => `${detail.type ?? 'error'}: ${detail.msg ?? ''}`).join('; ');
  return new ClipError(
    kind,
    `fal ${response.status}: ${message || (typeof body?.detail === 'string' ? body.detail : 'error')}`,
    response.status,
  );
}
