// Every server the twin opens listens on 127.0.0.1 only: the site and API, DynamoDB Local (a JVM
// child), s3rver, Step Functions, Lambda's Invoke API, the SES outbox, the AppSync Events emulator,
// the local Stripe server and a footage contract server. Read from the kernel's socket tables, never
// by connecting to another address (tests/integration/support/listening-sockets.ts).
import { describe, expect, it } from 'vitest';
import { listeningSocketsOfProcessTree } from '../support/listening-sockets.ts';
import { twinForSuite } from '../support/twin.ts';

// With a footage provider, so that its contract server is started too.
const twin = twinForSuite({ footage: { provider: 'fal' } });

const portOf = (url: string) => Number(new URL(url).port);

describe('the twin on the network', () => {
  it('listens on 127.0.0.1 only, with every one of its servers', async () => {
    // Prepare
    const { url, endpoints, footage, env } = twin.current;
    const expectedPorts = [
      portOf(url),
      portOf(endpoints.dynamodb),
      portOf(endpoints.s3),
      portOf(endpoints.stepFunctions),
      portOf(endpoints.ses),
      portOf(endpoints.stripe ?? ''),
      portOf(footage?.url ?? ''),
      portOf(env.AWS_ENDPOINT_URL_LAMBDA ?? ''),
      portOf(twin.current.realtime.endpoint.replace(/^wss?:/, 'http:')),
    ];

    // Act: the LISTEN sockets of this process (the twin runs in it) and of its children (the JVM).
    const sockets = await listeningSocketsOfProcessTree(process.pid);

    // Assess
    expect(new Set(expectedPorts).size).toBe(expectedPorts.length);
    expect(sockets.map((socket) => socket.port)).toEqual(expect.arrayContaining(expectedPorts));
    for (const socket of sockets) {
      expect({ port: socket.port, address: socket.address, family: socket.family }).toEqual({
        port: socket.port,
        address: '127.0.0.1',
        family: 'IPv4',
      });
    }
  });
});
