// The twin's stand-in for the reconciler's schedule (docs/design.md "Failure and repair"): runs the pass every interval,
// never two at once. runNow() lets ops pages and tests trigger a pass and read its report.
export interface ReconcilerTimerOptions {
  intervalMs: number;
  run: () => Promise<unknown>;
  log: (line: string) => void;
}

export interface ReconcilerTimer {
  /** Runs a pass as soon as the current one (if any) is over; resolves with its result. */
  runNow(): Promise<unknown>;
  /** No more passes; resolves when the one under way has finished. */
  stop(): Promise<void>;
}

export function startReconcilerTimer(options: ReconcilerTimerOptions): ReconcilerTimer {
  let current: Promise<unknown> | null = null;
  /** A pass asked for while one runs: callers that ask meanwhile share it. */
  let queued: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const pass = (): Promise<unknown> => {
    const running = options.run().finally(() => {
      if (current === running) current = null;
    });
    current = running;
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      // A scheduled pass that finds one running skips its turn instead of queueing behind it.
      const tick = current ? Promise.resolve() : pass();
      tick
        .catch((error: Error) => options.log(`reconciler pass failed: ${error.stack ?? error.message}`))
        .finally(schedule);
    }, options.intervalMs);
    // The schedule alone must not keep the process alive.
    timer.unref();
  };
  schedule();

  return {
    runNow() {
      if (stopped) return Promise.reject(new Error('The reconciler timer is stopped'));
      if (!current) return pass();
      queued ??= current
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return pass();
        });
      return queued;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([current, queued]);
    },
  };
}
