// The orders table's secondary indexes, named once: lib/orders declares them, the reconciler and
// the ops CLI query them.
export const orderIndexes = {
  /** Ops find a buyer's orders by a hash of the email, never the email itself (email_hash, created_at). */
  byEmailHash: 'by_email_hash',
  /** Repairs find orders of one status by the age of their last write (order_status, updated_at). */
  byStatus: 'by_status',
  /**
   * Sparse: only rows whose last email could not be sent (email_owed = its kind; keys only). The
   * reconciler sends them once SES answers again.
   */
  byEmailOwed: 'by_email_owed',
} as const;

/**
 * The only attributes by_status copies besides the keys: enough to filter repair candidates, and
 * no personal data. The reconciler reads the full row by id before it acts.
 */
export const byStatusProjection = ['payment_status', 'checkout_expires_at'] as const;
