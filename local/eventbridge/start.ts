// EventBridge on the twin, its schedule: the reconciler's rule (every few minutes in AWS, lib/
// operations) as a timer in this process (reconciler-timer.ts). The rule on execution status is
// delivered by the state machine itself (step-functions/start.ts, execution-status-rule.ts).

import { reconcilerFunction } from '#lib/operations/operations.ts';
import type { Functions } from '#local/lambda/start.ts';
import { type ReconcilerTimer, startReconcilerTimer } from './reconciler-timer.ts';

export function start(options: {
  intervalMs: number;
  functions: Functions;
  log: (line: string) => void;
}): ReconcilerTimer {
  const reconciler = {
    entry: reconcilerFunction.entry,
    name: 'Reconciler',
    timeoutSeconds: reconcilerFunction.timeoutSeconds,
  };
  return startReconcilerTimer({
    intervalMs: options.intervalMs,
    run: () => options.functions.invoke(reconciler, {}),
    log: options.log,
  });
}
