// The reconciler's schedule target (every few minutes): one pass of repairs. A pass with any
// failed repair fails the invocation, so the errors alarm tells ops; the next pass retries it.
import type { ScheduledEvent } from 'aws-lambda';
import { eventHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { type ReconcileReport, reconcile } from './reconcile.ts';

export const handler = eventHandler(reconcilePass);

async function reconcilePass(_event: ScheduledEvent): Promise<ReconcileReport> {
  const report = await reconcile();
  logger.info('Reconciled', { ...report });
  if (report.errors) throw new Error(`${report.errors} order repair(s) failed; see "Order repair failed" in the log`);
  return report;
}
