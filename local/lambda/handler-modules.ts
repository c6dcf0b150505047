// The product's handler modules as the twin runs them, in this process: imported once, as Lambda
// keeps a warm module (under tsx every import() call, even of a module already loaded, is a round
// trip to its loader thread, which showed in the API's latency), and called with the context
// Lambda's runtime gives (context.ts).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lambdaContext } from './context.ts';

const lambdasDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..', 'lambdas');

// biome-ignore lint/suspicious/noExplicitAny: a handler module's exports are only known at run time
type HandlerModule = { handler: (...args: any[]) => Promise<any> };

const handlerModules = new Map<string, Promise<HandlerModule>>();

/** The module of a handler entry (a path under lambdas/). */
export function loadHandlerModule(entry: string): Promise<HandlerModule> {
  let loaded = handlerModules.get(entry);
  if (!loaded) {
    loaded = import(pathToFileURL(join(lambdasDir, entry)).href);
    handlerModules.set(entry, loaded);
  }
  return loaded;
}

/** Runs a function's handler on one event, as Lambda invokes it. */
export async function invokeHandler(
  fn: { entry: string; name: string; timeoutSeconds: number },
  event: unknown,
): Promise<unknown> {
  const { handler } = await loadHandlerModule(fn.entry);
  return handler(event, lambdaContext(fn.name, fn.timeoutSeconds));
}
