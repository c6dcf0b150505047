// What the footage contract tests share: a provider's contract server on a free port with the real
// adapter pointed at it, a first frame, and polling a job until it ends.
import { afterAll, beforeAll } from 'vitest';
import type { ClipJob, ClipPoll, ClipProvider } from '#generation/footage/clip-provider.ts';
import { falProvider } from '#generation/footage/fal.ts';
import { runwayProvider } from '#generation/footage/runway.ts';
import { veoProvider } from '#generation/footage/veo.ts';
import { type ContractServer, startFootageServer, twinFootageModels } from '#local/footage/index.ts';
import type { FootageProvider } from '#shared/config-schema.ts';

export const apiKey = 'contract-test-key';

/** A 16x16 JPEG (sharp-made), as a scene's first frame. */
export const firstFrame = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJAAnHX/2Q==',
  'base64',
);

const adapters = { veo: veoProvider, runway: runwayProvider, fal: falProvider } as const;

export function contractSuite(provider: FootageProvider, model = twinFootageModels[provider]) {
  const holder = {} as { server: ContractServer; adapter: ClipProvider; model: string };
  beforeAll(async () => {
    holder.server = await startFootageServer(provider, apiKey);
    holder.adapter = adapters[provider]({ apiBase: holder.server.url, apiKey, model });
    holder.model = model;
  });
  afterAll(() => holder.server?.stop());
  return holder;
}

/**
 * Polls until the job is no longer pending (the contract servers walk a job's statuses as it
 * ages, and make its clip with ffmpeg): bounded by time, not by polls, so a loaded machine that
 * makes the clip slowly gets as long as it needs.
 */
export async function settle(adapter: ClipProvider, job: ClipJob, withinMs = 60_000): Promise<ClipPoll> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const result = await adapter.poll(job);
    if (result.state !== 'pending') return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${job.id} still pending after ${withinMs} ms`);
}

/** The requests the server saw since `from`, for field-by-field assertions. */
export const requestsSince = (server: ContractServer, from: number) => server.requests.slice(from);
