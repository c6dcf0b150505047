// A local stand-in for fal's queue, speaking its documented contract (docs/footage-providers.md
// §fal): POST https://queue.fal.run/<model-id> with `Authorization: Key …` answers `request_id`,
// `status_url`, `response_url` (on the app's path, without the model's sub-path); the status
// walks IN_QUEUE → IN_PROGRESS → COMPLETED; the result is `{video: {url, content_type, …}}` or the
// model's error `{detail: [{loc, msg, type}]}` (content_policy_violation for a refusal) with the
// X-Fal-Retryable header.
import type { ServerResponse } from 'node:http';
import { sendJson } from '#local/support/http.ts';
import { generationConfig } from '#shared/config.ts';
import { type ContractServer, startContractServer } from './contract-server.ts';
import { createJobBoard, decodeDataUri, type JobBoard } from './job-board.ts';

/** Each model's input fields and the durations it accepts ("5" | "10" for Kling, "6" | "10" for Hailuo). */
const modelInputs: Record<string, { fields: string[]; durations: string[] }> = {
  'fal-ai/kling-video/v2.5-turbo/standard/image-to-video': {
    fields: ['prompt', 'image_url', 'duration', 'negative_prompt', 'cfg_scale'],
    durations: ['5', '10'],
  },
  'fal-ai/minimax/hailuo-02/standard/image-to-video': {
    fields: ['prompt', 'image_url', 'duration', 'prompt_optimizer', 'end_image_url', 'resolution'],
    durations: ['6', '10'],
  },
};
const models = Object.keys(generationConfig.footage.models).filter((id) => id in modelInputs);

type Detail = { loc: (string | number)[]; msg: string; type: string; url?: string };

export function startFalServer(options: { apiKey: string }): Promise<ContractServer> {
  const board = createJobBoard('fal');
  return startContractServer('fal', board, async (req, res, body, base) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/_media/') && req.method === 'GET') {
      // Stands in for fal's public media CDN (fal.media): no key needed.
      const job = board.jobs.get(url.pathname.slice('/_media/'.length).replace(/\.mp4$/, ''));
      if (!job?.bytes) return sendJson(res, 404, { detail: 'Not Found' });
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': job.bytes.length });
      res.end(job.bytes);
      return;
    }
    if (req.headers.authorization !== `Key ${options.apiKey}`) {
      return sendJson(res, 401, { detail: 'Unauthorized: the Authorization header must be "Key <your key>".' });
    }
    const path = url.pathname.slice(1);
    if (req.method === 'POST') {
      if (!models.includes(path)) return sendJson(res, 404, { detail: `Application '${path}' not found` });
      return submit(board, res, path, body, base);
    }
    const request = /^([^/]+\/[^/]+)\/requests\/([^/]+)(\/status)?$/.exec(path);
    if (request && req.method === 'GET') return read(board, res, request[1]!, request[2]!, Boolean(request[3]), base);
    sendJson(res, 404, { detail: 'Not Found' });
  });
}

function submit(board: JobBoard, res: ServerResponse, model: string, body: unknown, base: string) {
  const problems = validate(model, body);
  if (problems.length) return sendJson(res, 422, { detail: problems }, { 'x-fal-retryable': 'false' });
  const input = body as { prompt: string; image_url: string; duration?: string };
  const drill = board.drillFor(input.prompt);
  if (drill === 'rate-limit') {
    return sendJson(res, 429, { detail: 'Too many concurrent requests.' }, { 'x-fal-retryable': 'true' });
  }
  const image = decodeDataUri(input.image_url);
  const job = board.create({
    model,
    seconds: Number(input.duration ?? modelInputs[model]!.durations[0]),
    prompt: input.prompt,
    ...(image ? { image: image.bytes } : {}),
    drill,
  });
  const app = appOf(model);
  sendJson(res, 200, {
    request_id: job.id,
    response_url: `${base}/${app}/requests/${job.id}`,
    status_url: `${base}/${app}/requests/${job.id}/status`,
    cancel_url: `${base}/${app}/requests/${job.id}/cancel`,
    queue_position: 0,
  });
}

/** fal's validation errors: one typed entry per problem. */
function validate(model: string, body: unknown): Detail[] {
  if (!body || typeof body !== 'object')
    return [{ loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type' }];
  const spec = modelInputs[model]!;
  const input = body as Record<string, unknown>;
  const problems: Detail[] = [];
  for (const name of Object.keys(input)) {
    if (!spec.fields.includes(name))
      problems.push({ loc: ['body', name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
  }
  if (typeof input.prompt !== 'string' || !input.prompt.trim()) {
    problems.push({ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' });
  } else if (input.prompt.length > 2500) {
    problems.push({
      loc: ['body', 'prompt'],
      msg: 'String should have at most 2500 characters',
      type: 'string_too_long',
    });
  }
  const image = input.image_url;
  if (typeof image !== 'string') problems.push({ loc: ['body', 'image_url'], msg: 'Field required', type: 'missing' });
  else if (!(image.startsWith('https://') || decodeDataUri(image))) {
    problems.push({ loc: ['body', 'image_url'], msg: 'Input should be a valid URL or data URI', type: 'url_parsing' });
  }
  if (input.duration !== undefined && !spec.durations.includes(input.duration as string)) {
    problems.push({
      loc: ['body', 'duration'],
      msg: `Input should be ${spec.durations.map((value) => `'${value}'`).join(' or ')}`,
      type: 'enum',
    });
  }
  if (
    input.cfg_scale !== undefined &&
    (typeof input.cfg_scale !== 'number' || input.cfg_scale < 0 || input.cfg_scale > 1)
  ) {
    problems.push({ loc: ['body', 'cfg_scale'], msg: 'Input should be between 0 and 1', type: 'less_than_equal' });
  }
  return problems;
}

/** Queue URLs name the app (owner/app), not the model's sub-path. */
const appOf = (model: string) => model.split('/').slice(0, 2).join('/');

async function read(board: JobBoard, res: ServerResponse, app: string, id: string, status: boolean, base: string) {
  const job = board.jobs.get(id);
  if (!job || appOf(job.model) !== app) return sendJson(res, 404, { detail: 'Request not found' });
  const urls = { response_url: `${base}/${app}/requests/${id}`, status_url: `${base}/${app}/requests/${id}/status` };
  if (status) {
    if (board.takePollDrill() === 'unavailable') {
      return sendJson(res, 503, { detail: 'Service Unavailable' }, { 'x-fal-retryable': 'true' });
    }
    const state = await board.advance(job);
    if (state === 'queued') return sendJson(res, 200, { status: 'IN_QUEUE', queue_position: 0, ...urls });
    if (state === 'running') return sendJson(res, 200, { status: 'IN_PROGRESS', logs: [], ...urls });
    return sendJson(res, 200, { status: 'COMPLETED', logs: [], ...urls });
  }
  // The result of a request that completed: the video, or the model's error.
  if (job.drill === 'refuse') {
    return sendJson(
      res,
      422,
      {
        detail: [
          {
            loc: ['body', 'prompt'],
            msg: 'The content was flagged by a content checker.',
            type: 'content_policy_violation',
            url: 'https://docs.fal.ai/errors#content_policy_violation',
          },
        ],
      },
      { 'x-fal-retryable': 'false' },
    );
  }
  if (job.drill === 'internal' || job.error) {
    return sendJson(
      res,
      500,
      { detail: [{ loc: [], msg: 'Internal server error', type: 'internal_server_error' }] },
      { 'x-fal-retryable': 'true' },
    );
  }
  if (job.drill === 'fail') {
    return sendJson(
      res,
      422,
      { detail: [{ loc: ['body', 'image_url'], msg: 'Could not process the image', type: 'image_load_error' }] },
      { 'x-fal-retryable': 'false' },
    );
  }
  if (!job.bytes) return sendJson(res, 400, { detail: 'Request is still in progress' });
  sendJson(res, 200, {
    video: {
      url: `${base}/_media/${job.id}.mp4`,
      content_type: 'video/mp4',
      file_name: `${job.id}.mp4`,
      file_size: job.bytes.length,
    },
  });
}
