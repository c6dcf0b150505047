// The twin of `npm run load`, in a process of its own so the load's clients do not share its event
// loop and its memory is its own. Prints one ready line; stops cleanly on SIGTERM, SIGINT or when
// the driver's stdin pipe closes (the driver died).
import { startTwin, type TwinOptions } from '#local/twin.ts';
import { envNames } from '#shared/runtime-env.ts';
import { plantOrderPhoto } from '#tests/integration/support/twin.ts';
import { type LoadTwinReady, readyMarker } from './twin-process.ts';

const options = JSON.parse(process.env.LOAD_TWIN_OPTIONS ?? '{}') as TwinOptions;
// The twin's log narrates every delivery; only its failures are worth a line in the load's summary.
const starting = startTwin({
  ...options,
  log: (line) => {
    if (/fail|error/i.test(line)) process.stderr.write(`${line}\n`);
  },
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const twin = await starting.catch(() => undefined);
  await twin?.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();

const twin = await starting;
// The load's orders carry orderRequest's photo: the twin cannot read their website.
await plantOrderPhoto(twin);
const ready: LoadTwinReady = {
  url: twin.url,
  env: twin.env,
  endpoints: { dynamodb: twin.endpoints.dynamodb },
  realtime: {
    socketUrl: `${twin.realtime.endpoint}/realtime`,
    host: new URL(twin.env[envNames.eventsHttpEndpoint] ?? twin.realtime.endpoint).host,
    apiKey: twin.realtime.apiKey,
  },
};
process.stdout.write(`${readyMarker}${JSON.stringify(ready)}\n`);
