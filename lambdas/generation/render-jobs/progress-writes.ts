// A render's progress as order writes (render.handler.ts): every step the bar can show is written,
// one write at a time. A step that arrives while a write is on its way waits, and a newer step
// replaces it, so a slow table never queues a backlog and the bar still moves to where the render is.

export interface ProgressWrites {
  /** A new value (already in the bar's steps); values at or below the last one change nothing. */
  report(value: number): void;
  /** Resolves once every reported value is written (or its write failed). */
  settled(): Promise<void>;
}

/** `write` is best effort: a failed write is the caller's to log, and the next value is still written. */
export function progressWrites(write: (value: number) => Promise<unknown>): ProgressWrites {
  let highest = Number.NEGATIVE_INFINITY;
  let waiting: number | null = null;
  let draining: Promise<void> | null = null;

  const drain = async () => {
    while (waiting !== null) {
      const value = waiting;
      waiting = null;
      await write(value).catch(() => undefined);
    }
    draining = null;
  };

  return {
    report(value) {
      if (value <= highest) return;
      highest = value;
      waiting = value;
      draining ??= drain();
    },
    settled: () => draining ?? Promise.resolve(),
  };
}
