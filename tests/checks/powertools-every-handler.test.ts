// Every function's handler is built by one of the wrappers in #powertools/handlers.ts, so each one
// logs with the Lambda context, flushes its metrics and is traced the same way, and by the wrapper
// for what invokes it in the stack: the route table's entries are API routes, the step table's
// are Step Functions tasks (whose wrapper also turns a transient AWS failure into the error their
// Retry matches: tests/unit/lambdas/common/powertools/handlers.test.ts), and so on.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type HandlerKind, handlerKind } from '#powertools/handlers.ts';
import { executionEndedFunction, generationSteps, renderFunction } from '#shared/generation-steps.ts';
import { apiRoutes } from '#shared/routes.ts';

const lambdas = join(import.meta.dirname, '../../lambdas');

const handlerFiles = readdirSync(lambdas, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.handler.ts'))
  .map((file) => relative(lambdas, join(lambdas, file)))
  .sort();

/** What invokes each function, as the stack wires it (lib/). */
const expectedKinds: Record<string, HandlerKind> = {
  ...Object.fromEntries(apiRoutes.map((route) => [route.entry, 'api'])),
  'common/not-found.handler.ts': 'api',
  ...Object.fromEntries(generationSteps.map((step) => [step.entry, 'task'])),
  // A Task state of the state machine, as every step (RenderAd, RenderPackItem).
  [renderFunction.entry]: 'task',
  [executionEndedFunction.entry]: 'event',
  'operations/reconcile.handler.ts': 'event',
  'realtime/renew-api-key.handler.ts': 'event',
  'realtime/publish-order-changes.handler.ts': 'stream',
  'newsletter/send-confirmation.handler.ts': 'stream',
};

describe('every *.handler.ts under lambdas/', () => {
  it('is a function the stack invokes in a known way', () => {
    expect(handlerFiles.length).toBeGreaterThan(0);
    expect(handlerFiles.filter((file) => !(file in expectedKinds))).toEqual([]);
  });

  it.each(handlerFiles)('%s exports the handler its kind’s wrapper built', async (file) => {
    // Act
    const module = (await import(pathToFileURL(join(lambdas, file)).href)) as { handler?: unknown };

    // Assess
    expect(handlerKind(module.handler)).toBe(expectedKinds[file]);
  });
});
