// The order and execution reads every ops command starts from.
import {
  DescribeExecutionCommand,
  type DescribeExecutionCommandOutput,
  ExecutionDoesNotExist,
  type HistoryEvent,
  paginateGetExecutionHistory,
} from '@aws-sdk/client-sfn';
import * as z from 'zod';
import { stepFunctions } from '#common/sfn-client.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { getOrder } from '#orders/order-store.ts';
import { executionArnFor } from '#orders/start-generation.ts';
import { OpsError } from './ops-error.ts';

const orderId = z.uuid();

export async function requireOrder(id: string | undefined): Promise<OrderRecord> {
  if (!id) throw new OpsError('Which order? Give its id.', 2);
  if (!orderId.safeParse(id).success) throw new OpsError(`"${id}" is not an order id (a UUID).`, 2);
  const order = await getOrder(id);
  if (!order) throw new OpsError(`Order ${id} not found.`);
  return order;
}

export const executionArnOf = (order: OrderRecord) => order.execution_arn ?? executionArnFor(order.id);

/** The order's execution, or null when none was started. */
export async function describeExecution(order: OrderRecord): Promise<DescribeExecutionCommandOutput | null> {
  try {
    return await stepFunctions().send(new DescribeExecutionCommand({ executionArn: executionArnOf(order) }));
  } catch (error) {
    if (error instanceof ExecutionDoesNotExist) return null;
    throw error;
  }
}

/** Every history event, without inputs and outputs (they carry order details). */
export async function executionHistory(executionArn: string): Promise<HistoryEvent[]> {
  const events: HistoryEvent[] = [];
  const pages = paginateGetExecutionHistory(
    { client: stepFunctions() },
    { executionArn, includeExecutionData: false, maxResults: 1000 },
  );
  for await (const page of pages) events.push(...(page.events ?? []));
  return events;
}
