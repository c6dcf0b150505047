// A local stand-in for Veo on the Gemini API, speaking its documented contract
// (docs/footage-providers.md §Veo): POST /v1beta/models/<model>:predictLongRunning with the
// `x-goog-api-key` header, an operation polled at GET /v1beta/<name> until `done`, and the video
// at the `uri` it names. It refuses what the API refuses with Google's error envelope
// `{error: {code, message, status}}`, and reports safety filtering as the API does
// (`raiMediaFilteredCount` / `raiMediaFilteredReasons`, no samples).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '#local/support/http.ts';
import { generationConfig } from '#shared/config.ts';
import { type ContractServer, startContractServer } from './contract-server.ts';
import { createJobBoard, type JobBoard } from './job-board.ts';

const models = Object.entries(generationConfig.footage.models)
  .filter(([, model]) => model.provider === 'veo')
  .map(([id]) => id);
const parameterNames = new Set([
  'aspectRatio',
  'durationSeconds',
  'resolution',
  'negativePrompt',
  'personGeneration',
  'seed',
  'sampleCount',
]);

const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
  sendJson(res, code, { error: { code, message, status } });

export function startVeoServer(options: { apiKey: string }): Promise<ContractServer> {
  const board = createJobBoard('veo');
  return startContractServer('veo', board, async (req, res, body, base) => {
    const url = new URL(req.url ?? '/', base);
    if (!authorised(req, res, options.apiKey)) return;
    const start = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(url.pathname);
    if (start && req.method === 'POST') return startOperation(board, res, start[1]!, body);
    const operation = /^\/v1beta\/(models\/[^/]+\/operations\/([^/]+))$/.exec(url.pathname);
    if (operation && req.method === 'GET') return readOperation(board, res, operation[1]!, operation[2]!, base);
    const file = /^\/v1beta\/files\/([^/:]+):download$/.exec(url.pathname);
    if (file && req.method === 'GET') {
      const job = board.jobs.get(file[1]!);
      if (!job?.bytes) return googleError(res, 404, 'NOT_FOUND', 'File not found.');
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': job.bytes.length });
      res.end(job.bytes);
      return;
    }
    googleError(res, 404, 'NOT_FOUND', `Method not found: ${req.method} ${url.pathname}`);
  });
}

function authorised(req: IncomingMessage, res: ServerResponse, apiKey: string): boolean {
  const given = req.headers['x-goog-api-key'] ?? new URL(req.url ?? '/', 'http://local').searchParams.get('key');
  if (!given) {
    googleError(res, 403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers. Please use an API key.");
    return false;
  }
  if (given !== apiKey) {
    googleError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    return false;
  }
  return true;
}

function startOperation(board: JobBoard, res: ServerResponse, model: string, body: unknown) {
  if (!models.includes(model))
    return googleError(
      res,
      404,
      'NOT_FOUND',
      `models/${model} is not found for API version v1beta, or is not supported for predictLongRunning.`,
    );
  const problem = invalidRequest(body);
  if (problem) return googleError(res, 400, 'INVALID_ARGUMENT', problem);
  const request = body as {
    instances: { prompt: string; image?: { bytesBase64Encoded: string } }[];
    parameters: { durationSeconds: number };
  };
  const instance = request.instances[0]!;
  const drill = board.drillFor(instance.prompt);
  if (drill === 'rate-limit')
    return googleError(res, 429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).');
  const job = board.create({
    model,
    seconds: request.parameters.durationSeconds,
    prompt: instance.prompt,
    ...(instance.image ? { image: Buffer.from(instance.image.bytesBase64Encoded, 'base64') } : {}),
    drill,
  });
  sendJson(res, 200, { name: `models/${model}/operations/${job.id}` });
}

/** What the API would refuse, in its words, or null. */
function invalidRequest(body: unknown): string | null {
  if (!body || typeof body !== 'object') return 'Invalid JSON payload received.';
  const { instances, parameters, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown) return `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`;
  if (!Array.isArray(instances) || instances.length !== 1) return 'instances must hold exactly one instance.';
  const instance = instances[0] as Record<string, unknown>;
  if (typeof instance.prompt !== 'string' || !instance.prompt.trim()) return 'The prompt is required.';
  if (instance.image !== undefined) {
    const image = instance.image as Record<string, unknown>;
    if (typeof image.bytesBase64Encoded !== 'string' || !image.bytesBase64Encoded)
      return 'image.bytesBase64Encoded is required.';
    if (image.mimeType !== 'image/jpeg' && image.mimeType !== 'image/png')
      return `Unsupported image mimeType ${String(image.mimeType)}.`;
  }
  const extra = Object.keys(instance).find((name) => name !== 'prompt' && name !== 'image' && name !== 'lastFrame');
  if (extra) return `Invalid JSON payload received. Unknown name "${extra}" at 'instances[0]': Cannot find field.`;
  const params = (parameters ?? {}) as Record<string, unknown>;
  const unknownParameter = Object.keys(params).find((name) => !parameterNames.has(name));
  if (unknownParameter)
    return `Invalid JSON payload received. Unknown name "${unknownParameter}" at 'parameters': Cannot find field.`;
  if (params.aspectRatio !== undefined && params.aspectRatio !== '16:9' && params.aspectRatio !== '9:16') {
    return `Aspect ratio ${String(params.aspectRatio)} is not supported: use 16:9 or 9:16.`;
  }
  if (![4, 6, 8].includes(params.durationSeconds as number)) return 'durationSeconds must be 4, 6 or 8.';
  if (params.resolution !== undefined && params.resolution !== '720p' && params.resolution !== '1080p') {
    return `Resolution ${String(params.resolution)} is not supported: use 720p or 1080p.`;
  }
  if (params.resolution === '1080p' && params.durationSeconds !== 8)
    return '1080p is only supported for 8 second videos.';
  return null;
}

async function readOperation(board: JobBoard, res: ServerResponse, name: string, id: string, base: string) {
  const job = board.jobs.get(id);
  if (!job || !name.startsWith(`models/${job.model}/`))
    return googleError(res, 404, 'NOT_FOUND', 'Operation not found.');
  if (board.takePollDrill() === 'unavailable')
    return googleError(res, 503, 'UNAVAILABLE', 'The service is currently unavailable.');
  const state = await board.advance(job);
  if (state === 'queued' || state === 'running') return sendJson(res, 200, { name, done: false });
  if (state === 'failed') {
    if (job.drill === 'refuse') {
      return sendJson(res, 200, {
        name,
        done: true,
        response: {
          '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
          generateVideoResponse: {
            raiMediaFilteredCount: 1,
            raiMediaFilteredReasons: [
              'We encountered an issue with the audio for your prompt. You have not been charged for this request. Please try changing your prompt.',
            ],
          },
        },
      });
    }
    const internal = job.drill === 'internal' || job.error !== null;
    return sendJson(res, 200, {
      name,
      done: true,
      error: internal
        ? { code: 13, message: 'Internal error encountered.' }
        : { code: 3, message: 'The request could not be fulfilled.' },
    });
  }
  sendJson(res, 200, {
    name,
    done: true,
    response: {
      '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
      generateVideoResponse: {
        generatedSamples: [{ video: { uri: `${base}/v1beta/files/${job.id}:download?alt=media` } }],
      },
    },
  });
}
