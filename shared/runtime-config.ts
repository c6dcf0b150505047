// What the site learns at run time rather than at build time: the live-status endpoint and its
// public API key differ per stage (and per twin run) and the key is renewed by deploys, so they
// are served as /config.json — by the twin from its emulator, in AWS from the stack's outputs.
import * as z from 'zod/mini';

export const runtimeConfigPath = '/config.json';

export const runtimeConfigSchema = z.object({
  realtime: z.object({
    /** What Amplify's `Events.endpoint` takes: https://<id>.appsync-api.<region>.amazonaws.com/event (ws://… on the twin). */
    endpoint: z.string().check(z.minLength(1)),
    region: z.string().check(z.minLength(1)),
    /** The subscribe-only API key of the `orders` namespace. */
    apiKey: z.string().check(z.minLength(1)),
  }),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
