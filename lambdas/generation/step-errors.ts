// The error names the state machine routes on (lib/generation): a retryable error is retried
// with backoff, anything else goes straight to the Catch and the failure path. Step Functions
// sees a Lambda error's `name` as the task's Error, so these names are the contract.
import type { contentRefusedError } from '#shared/prohibited-content.ts';

export const retryableErrorName = 'RetryableStepError';

/**
 * A paid order whose site cannot be read and that has no photo: its ad would be the business's name
 * alone, which is never made (docs/spec-deviations.md). The failure path refunds it, and the
 * buyer's email says why (lambdas/notifications/order-email-templates.ts).
 */
export const unreadableSiteError = 'UnreadableSite';

export class RetryableStepError extends Error {
  override name = retryableErrorName;
}

/** A failure that retrying will not fix (a bad render, an order in the wrong state). */
export class StepFailure extends Error {
  constructor(
    override name:
      | 'RenderFailed'
      | 'OrderNotProcessing'
      | 'DeliveryFailed'
      | 'RevisionNotRequested'
      | 'RevisionNotPossible'
      | typeof contentRefusedError
      | typeof unreadableSiteError,
    message: string,
  ) {
    super(message);
  }
}

const throttlingNames = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'SlowDown',
  'TooManyRequestsException',
  'InternalServerError',
  'ServiceUnavailable',
]);

/** Rethrows AWS SDK throttling / 5xx and network errors as retryable; others unchanged. */
export function classifyStepError(error: unknown): never {
  const failure = error as Error & { $metadata?: { httpStatusCode?: number }; code?: string };
  const status = failure.$metadata?.httpStatusCode ?? 0;
  const network = ['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'EPIPE'].includes(failure.code ?? '');
  if (throttlingNames.has(failure.name) || status >= 500 || network) {
    throw new RetryableStepError(`${failure.name}: ${failure.message}`, { cause: error });
  }
  throw error;
}

/** Runs a step body, turning transient AWS failures into the retryable error. */
export async function step<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    return classifyStepError(error);
  }
}
