// What each service folder's start() hands back to the composer (local/twin.ts): a stop(), and,
// for a service the product's functions call, the environment that points them at it. The composer
// starts the services in order, gathers their environments into every function's (lambda/start.ts)
// and stops them in the reverse order.
export interface RunningService {
  /** Ends the service; the composer calls it once, after every service started later has stopped. */
  stop(): Promise<void>;
  /** What a function needs to reach the service (its endpoint, its key), as environment variables. */
  environment?: Record<string, string>;
}

/** The handle of a service that only answers requests another server hands it: nothing to stop. */
export const nothingToStop = async (): Promise<void> => undefined;
