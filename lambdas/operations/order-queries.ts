// Reading the orders table through its indexes, page by page (never a Scan): repair candidates
// by status and age, and orders owing an email, for the reconciler; a buyer's orders by email hash
// for the ops CLI.
import { type NativeAttributeValue, paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { emailHash } from '#common/hashing.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import type { OrderStatus, PaymentStatus } from '#shared/contract.ts';
import { orderIndexes } from '#shared/order-indexes.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';

/** What by_status holds of a row: its keys and the projected attributes. */
export type StatusIndexEntry = Pick<OrderRecord, 'id' | 'order_status' | 'updated_at'> & {
  payment_status?: PaymentStatus;
  checkout_expires_at?: string;
};

export interface StatusQuery {
  status: OrderStatus;
  /** Last written at or after this instant… */
  updatedFrom: Date;
  /** …and before this one. */
  updatedBefore: Date;
  /** Only rows whose payment_status is one of these. */
  paymentStatuses?: readonly PaymentStatus[];
}

export async function* ordersByStatus(query: StatusQuery): AsyncGenerator<StatusIndexEntry> {
  const values: Record<string, NativeAttributeValue> = {
    ':status': query.status,
    ':from': query.updatedFrom.toISOString(),
    ':before': query.updatedBefore.toISOString(),
  };
  const payments = query.paymentStatuses ?? [];
  payments.forEach((status, i) => {
    values[`:payment${i}`] = status;
  });
  yield* pages<StatusIndexEntry>({
    TableName: requireEnv(envNames.ordersTable),
    IndexName: orderIndexes.byStatus,
    // BETWEEN is inclusive; a row written exactly at `before` is simply picked up next run.
    KeyConditionExpression: 'order_status = :status AND updated_at BETWEEN :from AND :before',
    ...(payments.length
      ? { FilterExpression: `payment_status IN (${payments.map((_, i) => `:payment${i}`).join(', ')})` }
      : {}),
    ExpressionAttributeValues: values,
  });
}

/** The ids of orders whose `kind` email is owed (the sparse by_email_owed index). */
export async function* ordersOwingEmail(kind: string): AsyncGenerator<Pick<OrderRecord, 'id'>> {
  yield* pages<Pick<OrderRecord, 'id'>>({
    TableName: requireEnv(envNames.ordersTable),
    IndexName: orderIndexes.byEmailOwed,
    KeyConditionExpression: 'email_owed = :kind',
    ExpressionAttributeValues: { ':kind': kind },
  });
}

/** A buyer's orders, newest first. */
export async function* ordersByEmail(email: string): AsyncGenerator<OrderRecord> {
  yield* pages<OrderRecord>({
    TableName: requireEnv(envNames.ordersTable),
    IndexName: orderIndexes.byEmailHash,
    KeyConditionExpression: 'email_hash = :hash',
    ExpressionAttributeValues: { ':hash': emailHash(email) },
    ScanIndexForward: false,
  });
}

async function* pages<T>(input: QueryCommandInput): AsyncGenerator<T> {
  for await (const page of paginateQuery({ client: documents() }, input)) {
    for (const item of page.Items ?? []) yield item as T;
  }
}
