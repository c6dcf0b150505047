// A local stand-in for Runway's API, speaking its documented contract (docs/footage-providers.md
// §Runway): POST /v1/image_to_video with `Authorization: Bearer …` and `X-Runway-Version:
// 2024-11-06`, GET /v1/tasks/{id} walking PENDING → RUNNING → SUCCEEDED (THROTTLED while the
// account's concurrency is full) or FAILED with a `failureCode` (SAFETY.* for moderation,
// INTERNAL.* for Runway's own faults). Errors are Runway's `{error, issues?}` bodies.
import type { ServerResponse } from 'node:http';
import { sendJson } from '#local/support/http.ts';
import { type ContractServer, startContractServer } from './contract-server.ts';
import { createJobBoard, decodeDataUri, type JobBoard } from './job-board.ts';

export const runwayApiVersion = '2024-11-06';
/** gen4_turbo's ratios and lengths (2–10 s). */
const ratios = ['1280:720', '720:1280', '1104:832', '832:1104', '960:960', '1584:672'];
const bodyFields = new Set(['model', 'promptImage', 'promptText', 'ratio', 'duration', 'seed', 'contentModeration']);
/** Runway's limit on an image sent inline as a data URI [U: docs state a few MB; 5 MB taken]. */
const maxDataUriBytes = 5 * 1024 * 1024;

export function startRunwayServer(options: { apiKey: string }): Promise<ContractServer> {
  const board = createJobBoard('runway');
  return startContractServer('runway', board, async (req, res, body, base) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/_output/') && req.method === 'GET') {
      // Stands in for Runway's signed output URL: no key needed.
      const job = board.jobs.get(url.pathname.slice('/_output/'.length).replace(/\.mp4$/, ''));
      if (!job?.bytes) return sendJson(res, 404, { error: 'Not found' });
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': job.bytes.length });
      res.end(job.bytes);
      return;
    }
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(res, 401, { error: 'Incorrect API key provided.' });
    }
    if (req.headers['x-runway-version'] !== runwayApiVersion) {
      return sendJson(res, 400, {
        error: `The X-Runway-Version header must be set to a valid API version (${runwayApiVersion}).`,
      });
    }
    if (url.pathname === '/v1/image_to_video' && req.method === 'POST') return startTask(board, res, body);
    const task = /^\/v1\/tasks\/([^/]+)$/.exec(url.pathname);
    if (task && req.method === 'GET') return readTask(board, res, task[1]!, base);
    sendJson(res, 404, { error: 'Not found' });
  });
}

function startTask(board: JobBoard, res: ServerResponse, body: unknown) {
  const issues = validate(body);
  if (issues.length) return sendJson(res, 400, { error: 'Validation of body failed', issues });
  const request = body as {
    promptImage: string | { uri: string; position: string }[];
    promptText?: string;
    duration?: number;
    model: string;
  };
  const prompt = request.promptText ?? '';
  const drill = board.drillFor(prompt);
  if (drill === 'rate-limit') return sendJson(res, 429, { error: 'You have exceeded the rate limit.' });
  const uri = typeof request.promptImage === 'string' ? request.promptImage : request.promptImage[0]!.uri;
  const image = decodeDataUri(uri);
  const job = board.create({
    model: request.model,
    seconds: request.duration ?? 10,
    prompt,
    ...(image ? { image: image.bytes } : {}),
    drill,
  });
  sendJson(res, 200, { id: job.id });
}

/** Runway's validation issues (zod-like `{path, message}`); empty when the body is valid. */
function validate(body: unknown): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const issue = (path: (string | number)[], message: string) => issues.push({ path, message });
  if (!body || typeof body !== 'object') return [{ path: [], message: 'Expected an object' }];
  const fields = body as Record<string, unknown>;
  for (const name of Object.keys(fields)) if (!bodyFields.has(name)) issue([name], `Unrecognized key: "${name}"`);
  if (fields.model !== 'gen4_turbo') issue(['model'], "Invalid enum value. Expected 'gen4_turbo'");
  const images =
    typeof fields.promptImage === 'string'
      ? [fields.promptImage]
      : Array.isArray(fields.promptImage)
        ? fields.promptImage.map((entry) => (entry as { uri?: unknown })?.uri)
        : [];
  if (images.length === 0) issue(['promptImage'], 'Required: an HTTPS URL or a data URI');
  images.forEach((uri, index) => {
    if (typeof uri !== 'string') issue(['promptImage', index], 'Expected string');
    else if (uri.startsWith('data:')) {
      const decoded = decodeDataUri(uri);
      if (!decoded) issue(['promptImage'], 'Invalid data URI: expected image/jpeg, image/png or image/webp, base64');
      else if (uri.length > maxDataUriBytes) issue(['promptImage'], 'The data URI is too large');
    } else if (!uri.startsWith('https://')) issue(['promptImage'], 'The image URL must use HTTPS');
  });
  if (fields.promptText !== undefined && (typeof fields.promptText !== 'string' || fields.promptText.length > 1000)) {
    issue(['promptText'], 'String must contain at most 1000 character(s)');
  }
  if (!ratios.includes(fields.ratio as string)) issue(['ratio'], `Invalid enum value. Expected ${ratios.join(' | ')}`);
  const duration = fields.duration;
  if (
    duration !== undefined &&
    (!Number.isInteger(duration) || (duration as number) < 2 || (duration as number) > 10)
  ) {
    issue(['duration'], 'Number must be an integer between 2 and 10');
  }
  if (
    fields.seed !== undefined &&
    (!Number.isInteger(fields.seed) || (fields.seed as number) < 0 || (fields.seed as number) > 4294967295)
  ) {
    issue(['seed'], 'Number must be an integer between 0 and 4294967295');
  }
  return issues;
}

async function readTask(board: JobBoard, res: ServerResponse, id: string, base: string) {
  const job = board.jobs.get(id);
  if (!job) return sendJson(res, 404, { error: 'Task not found' });
  if (board.takePollDrill() === 'unavailable') return sendJson(res, 503, { error: 'Service unavailable' });
  const state = await board.advance(job);
  const common = { id: job.id, createdAt: new Date(job.createdAt).toISOString() };
  // A hanging job waits as Runway's throttled tasks do (the account's concurrency is full).
  if (state === 'queued' || (state === 'running' && job.drill === 'hang')) {
    return sendJson(res, 200, { ...common, status: job.drill === 'hang' ? 'THROTTLED' : 'PENDING' });
  }
  if (state === 'running') return sendJson(res, 200, { ...common, status: 'RUNNING', progress: 0.5 });
  if (state === 'failed') {
    const failure =
      job.drill === 'refuse'
        ? { failure: 'The input or output was flagged by content moderation.', failureCode: 'SAFETY.INPUT.TEXT' }
        : job.drill === 'internal' || job.error
          ? { failure: 'An unexpected error occurred.', failureCode: 'INTERNAL' }
          : { failure: 'The input image could not be processed.', failureCode: 'INPUT_PREPROCESSING.INTERNAL' };
    return sendJson(res, 200, { ...common, status: 'FAILED', ...failure });
  }
  sendJson(res, 200, { ...common, status: 'SUCCEEDED', output: [`${base}/_output/${job.id}.mp4`] });
}
