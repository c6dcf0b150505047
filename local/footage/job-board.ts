// What the three contract servers share: the jobs they hold, the statuses each walks through on
// successive polls (as the provider's docs list them), the clip made for it, and the failure
// drills a test arms — by a marker in the prompt, or by `failNext` on the server.
import { randomUUID } from 'node:crypto';
import { makeLocalClip } from './local-clip.ts';

/** What a job ends with, besides a clip. */
export type Drill =
  /** The provider's safety filter refuses the prompt or the output. */
  | 'refuse'
  /** The job fails for a reason retrying does not fix. */
  | 'fail'
  /** The job fails for the provider's own, passing reason (retrying may work). */
  | 'internal'
  /** The submit is answered 429 (rate limit). */
  | 'rate-limit'
  /** The next poll is answered 503. */
  | 'unavailable'
  /** The job never finishes. */
  | 'hang';

/** Prompt markers for the same drills, for tests that drive an adapter directly. */
export const drillMarkers: Record<Drill, string> = {
  refuse: '[local:refuse]',
  fail: '[local:fail]',
  internal: '[local:internal]',
  'rate-limit': '[local:rate-limit]',
  unavailable: '[local:unavailable]',
  hang: '[local:hang]',
};

export interface LocalJob {
  id: string;
  model: string;
  seconds: number;
  prompt: string;
  polls: number;
  createdAt: number;
  drill: Drill | null;
  clip: Promise<Buffer> | null;
  /** Set once the clip is made (or failed to be). */
  bytes: Buffer | null;
  error: string | null;
}

export interface JobBoard {
  /** Every request the server accepted or refused, in order, for tests to read field by field. */
  readonly requests: { method: string; path: string; headers: Record<string, string>; body: unknown }[];
  readonly jobs: Map<string, LocalJob>;
  /** Arms a drill for the next job (or submit/poll, for rate-limit and unavailable). */
  failNext(drill: Drill, times?: number): void;
  /** The drill a submit with this prompt meets, taken from the queue or the prompt. */
  drillFor(prompt: string): Drill | null;
  /** The next poll's drill (`unavailable`), taken from the queue. */
  takePollDrill(): Drill | null;
  create(fields: { model: string; seconds: number; prompt: string; image?: Buffer; drill: Drill | null }): LocalJob;
  /** The job's state at this poll: its age, its drill, and whether its clip is made. */
  advance(job: LocalJob): Promise<'queued' | 'running' | 'done' | 'failed'>;
}

/**
 * How long a job stays queued, then at least running, before it may end (a clip only once it is
 * made): by the clock, so a state machine polling every few seconds sees it done at its next poll.
 */
const queuedMs = 300;
const runningMs = 300;

export function createJobBoard(provider: string): JobBoard {
  const armed: Drill[] = [];
  const requests: JobBoard['requests'] = [];
  const jobs = new Map<string, LocalJob>();
  return {
    requests,
    jobs,
    failNext(drill, times = 1) {
      for (let index = 0; index < times; index += 1) armed.push(drill);
    },
    drillFor(prompt) {
      const index = armed.findIndex((drill) => drill !== 'unavailable');
      if (index >= 0) return armed.splice(index, 1)[0]!;
      return (Object.entries(drillMarkers).find(([, marker]) => prompt.includes(marker))?.[0] as Drill) ?? null;
    },
    takePollDrill() {
      const index = armed.indexOf('unavailable');
      return index >= 0 ? armed.splice(index, 1)[0]! : null;
    },
    create({ model, seconds, prompt, image, drill }) {
      const job: LocalJob = {
        id: randomUUID(),
        model,
        seconds,
        prompt,
        polls: 0,
        createdAt: Date.now(),
        drill,
        clip: null,
        bytes: null,
        error: null,
      };
      // The clip is made while the job is "queued", as the provider would be generating it.
      if (!drill || drill === 'unavailable') {
        job.clip = makeLocalClip({ provider, seconds, ...(image ? { image } : {}) });
        job.clip.then(
          (bytes) => {
            job.bytes = bytes;
          },
          (error: Error) => {
            job.error = error.message;
          },
        );
      }
      jobs.set(job.id, job);
      return job;
    },
    async advance(job) {
      job.polls += 1;
      const age = Date.now() - job.createdAt;
      if (age < queuedMs) return 'queued';
      if (job.drill === 'hang' || age < queuedMs + runningMs) return 'running';
      if (job.drill === 'refuse' || job.drill === 'fail' || job.drill === 'internal') return 'failed';
      if (job.error) return 'failed';
      return job.bytes ? 'done' : 'running';
    },
  };
}

/** A request's headers as a plain, lower-case record (what tests compare). */
export function plainHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );
}

/** `data:<type>;base64,<bytes>` → the bytes and type, or null when it is not one. */
export function decodeDataUri(uri: string): { type: string; bytes: Buffer } | null {
  const match = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/=]+)$/.exec(uri);
  return match ? { type: match[1]!, bytes: Buffer.from(match[2]!, 'base64') } : null;
}
