// AppSync Events for the twin (server.ts): the browser subscribes with the twin's API key, the
// order-changes publisher posts with the twin's credentials, and the site's /config.json names
// the endpoint the browser's Amplify client is given.
import { twinCredentials } from '#local/support/credentials.ts';
import type { RunningService } from '#local/support/service.ts';
import type { RuntimeConfig } from '#shared/runtime-config.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type LocalAppSyncEvents, startAppSyncEvents } from './server.ts';

/** The browser's API key on the twin (AppSync's `da2-` form). */
const localEventsApiKey = 'da2-reelfive-local';

export interface AppSyncEvents extends RunningService {
  events: LocalAppSyncEvents;
  /** What the site's /config.json says about the realtime API. */
  runtimeConfig: RuntimeConfig;
}

export async function start(options: {
  log: (line: string) => void;
  debug?: (line: string) => void;
}): Promise<AppSyncEvents> {
  const events = await startAppSyncEvents({
    apiKey: localEventsApiKey,
    credentials: twinCredentials,
    log: options.log,
    ...(options.debug ? { debug: options.debug } : {}),
  });
  return {
    events,
    runtimeConfig: { realtime: { endpoint: events.amplifyEndpoint, region: 'us-east-1', apiKey: events.apiKey } },
    environment: { [envNames.eventsHttpEndpoint]: events.httpEndpoint },
    stop: events.stop,
  };
}
