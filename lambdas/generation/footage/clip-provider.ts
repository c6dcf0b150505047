// The one start/poll/download interface every video model sits behind (docs/design.md "Generation pipeline"). Each
// adapter speaks its provider's documented HTTP contract (docs/footage-providers.md) and sorts
// every failure into retryable (429, 5xx, network, throttled), final, or refused (a safety filter:
// the same prompt is never sent again).

export interface ClipRequest {
  /** The scene's visual prompt. */
  prompt: string;
  /**
   * What the clip must not show (storyboard/footage-prompts.ts `footageNegativePrompt`): sent only to
   * models whose documented API takes a negative prompt (Veo, Kling); the others get the prompt alone.
   */
  negativePrompt?: string;
  /** One of the model's allowed lengths (generationConfig.footage.models[…].clipSeconds). */
  seconds: number;
  resolution: '720p' | '1080p';
  /** The first frame: a JPEG (a site image or the buyer's photo on a designed background). */
  image?: { bytes: Uint8Array; mimeType: 'image/jpeg' | 'image/png' };
}

/** Everything needed to poll a started clip later, from another Lambda: plain JSON. */
export interface ClipJob {
  id: string;
  pollUrl: string;
  /** Where the result is read when polling says it is ready (fal's response_url). */
  resultUrl?: string;
}

export type FailureKind = 'retryable' | 'final' | 'refused';

export type ClipPoll =
  | { state: 'pending' }
  | { state: 'done'; url: string }
  /** The job ended without a clip. */
  | { state: 'failed'; kind: FailureKind; reason: string }
  /** The poll itself failed (network, 429, 5xx, 401…): the job may still be running. */
  | { state: 'unreadable'; kind: FailureKind; reason: string };

/** A failed poll request as ClipPoll reports it. */
export function unreadable(error: unknown): ClipPoll {
  if (!(error instanceof ClipError)) throw error;
  return { state: 'unreadable', kind: error.kind, reason: error.message };
}

export interface ClipProvider {
  readonly name: 'veo' | 'runway' | 'fal';
  start(request: ClipRequest): Promise<ClipJob>;
  poll(job: ClipJob): Promise<ClipPoll>;
  /** The finished clip's bytes (an MP4). */
  download(url: string): Promise<Uint8Array>;
}

/** A provider call that failed, sorted. Thrown by start() and download(); poll() reports instead. */
export class ClipError extends Error {
  override name = 'ClipError';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ProviderConnection {
  /** The provider's API origin (the twin points it at a local contract server). */
  apiBase: string;
  apiKey: string;
  model: string;
  /** Injected by tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** A downloaded clip larger than this is refused: a 10 s 1080p clip is a few MB. */
export const maxClipBytes = 60 * 1024 * 1024;

/** HTTP statuses every provider documents as worth another try. */
export function kindOfStatus(status: number): FailureKind {
  if (status === 429 || status === 408 || status >= 500) return 'retryable';
  return 'final';
}

/**
 * fetch with the classification every adapter shares: a network failure or a timeout is
 * retryable; the response is returned whatever its status, for the adapter to read its body.
 */
export async function call(
  connection: ProviderConnection,
  url: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<Response> {
  const { timeoutMs = 20_000, ...rest } = init;
  try {
    return await (connection.fetch ?? fetch)(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ClipError('retryable', `network: ${(error as Error).message}`);
  }
}

/** The body as JSON, or null when it is not JSON (a proxy's HTML error page). */
export async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Reads a clip's bytes with a size bound; statuses classified like every other call. */
export async function downloadClip(
  connection: ProviderConnection,
  url: string,
  headers: Record<string, string> = {},
): Promise<Uint8Array> {
  const response = await call(connection, url, { headers, redirect: 'follow', timeoutMs: 60_000 });
  if (!response.ok) {
    throw new ClipError(kindOfStatus(response.status), `download answered ${response.status}`, response.status);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxClipBytes) throw new ClipError('final', `clip of ${length} bytes is over ${maxClipBytes}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > maxClipBytes) throw new ClipError('final', `clip of ${bytes.byteLength} bytes is too large`);
  if (bytes.byteLength === 0) throw new ClipError('retryable', 'the clip was empty');
  return bytes;
}

/** A URL the provider handed back must stay on the provider's own origin (no SSRF through it). */
export function sameOrigin(connection: ProviderConnection, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ClipError('final', `the provider returned an invalid URL`);
  }
  if (parsed.origin !== new URL(connection.apiBase).origin) {
    throw new ClipError('final', `the provider returned a URL on another origin (${parsed.origin})`);
  }
  return parsed.href;
}
