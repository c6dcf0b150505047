// Runway's API (docs/footage-providers.md §Runway): POST /v1/image_to_video with the pinned
// X-Runway-Version starts a task, GET /v1/tasks/{id} polls it through PENDING / THROTTLED /
// RUNNING to SUCCEEDED (output URLs) or FAILED (failureCode; SAFETY.* is a refusal, never retried).
import { Buffer } from 'node:buffer';
import {
  ClipError,
  type ClipJob,
  type ClipPoll,
  type ClipProvider,
  type ClipRequest,
  call,
  downloadClip,
  jsonOf,
  kindOfStatus,
  type ProviderConnection,
  unreadable,
} from './clip-provider.ts';

export const runwayApiBase = 'https://api.dev.runwayml.com';
export const runwayVersion = '2024-11-06';

interface Task {
  id?: string;
  status?: 'PENDING' | 'THROTTLED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  output?: string[];
  failure?: string;
  failureCode?: string;
  error?: string;
}

export function runwayProvider(connection: ProviderConnection): ClipProvider {
  const headers = { Authorization: `Bearer ${connection.apiKey}`, 'X-Runway-Version': runwayVersion };
  return {
    name: 'runway',
    async start(request: ClipRequest): Promise<ClipJob> {
      if (!request.image)
        throw new ClipError('final', 'Runway gen4_turbo is image-to-video only: the scene has no image');
      const response = await call(connection, `${connection.apiBase}/v1/image_to_video`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          model: connection.model,
          promptImage: `data:${request.image.mimeType};base64,${Buffer.from(request.image.bytes).toString('base64')}`,
          promptText: request.prompt,
          ratio: '720:1280',
          duration: request.seconds,
        }),
      });
      const body = (await jsonOf(response)) as Task | null;
      if (!response.ok) throw runwayError(response.status, body);
      if (!body?.id) throw new ClipError('retryable', 'Runway answered without a task id');
      return { id: body.id, pollUrl: `${connection.apiBase}/v1/tasks/${encodeURIComponent(body.id)}` };
    },

    async poll(job: ClipJob): Promise<ClipPoll> {
      let response: Response;
      try {
        response = await call(connection, job.pollUrl, { headers });
      } catch (error) {
        return unreadable(error);
      }
      const task = (await jsonOf(response)) as Task | null;
      if (!response.ok) return unreadable(runwayError(response.status, task));
      switch (task?.status) {
        case 'PENDING':
        case 'THROTTLED':
        case 'RUNNING':
          return { state: 'pending' };
        case 'SUCCEEDED': {
          const url = task.output?.[0];
          return url
            ? { state: 'done', url }
            : { state: 'failed', kind: 'final', reason: 'Runway succeeded without output' };
        }
        case 'FAILED': {
          const code = task.failureCode ?? '';
          // SAFETY.*: content moderation ("You should not retry these generations"); INTERNAL.*:
          // Runway's own fault, which its docs say may be retried; anything else is final.
          const kind = code.startsWith('SAFETY.') ? 'refused' : code.startsWith('INTERNAL') ? 'retryable' : 'final';
          return { state: 'failed', kind, reason: `Runway ${code || 'FAILED'}: ${task.failure ?? ''}`.trim() };
        }
        case 'CANCELLED':
          return { state: 'failed', kind: 'final', reason: 'Runway task was cancelled' };
        default:
          return {
            state: 'unreadable',
            kind: 'retryable',
            reason: `Runway answered an unknown status ${task?.status}`,
          };
      }
    },

    // Runway's output URLs are signed, short-lived and carry no API key.
    download(url: string) {
      return downloadClip(connection, url);
    },
  };
}

function runwayError(status: number, body: Task | null): ClipError {
  return new ClipError(kindOfStatus(status), `Runway ${status}: ${body?.error ?? 'error'}`, status);
}
