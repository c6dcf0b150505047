// docs/product.md "The order and its states": while a submit is processing, another one is ignored. React state lands only after a
// render, so two clicks in the same tick would both see "idle"; this guard answers at once.
export interface SubmitGuard {
  /** True when the caller may start; false while an earlier submit is still running. */
  tryStart(): boolean;
  /** Back to idle; called on every outcome. */
  finish(): void;
}

export function createSubmitGuard(): SubmitGuard {
  let running = false;
  return {
    tryStart() {
      if (running) return false;
      running = true;
      return true;
    },
    finish() {
      running = false;
    },
  };
}
