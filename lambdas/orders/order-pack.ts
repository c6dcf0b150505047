// The delivery pack's state on the order row (docs/design.md "Order lifecycle"): the order completes with its primary file
// and the rest of the pack follows with its own status and progress (pack_status, pack_progress),
// which the orders stream carries to the live page like the order's own. Each render reports its
// fraction under its item id (pack_renders); pack_progress is their mean, never moving back.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { combinedPackProgress, type PackItem, packItemId } from '#shared/delivery-pack.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderPackFile, OrderRecord } from './order-record.ts';

const ordersTable = () => requireEnv(envNames.ordersTable);

/** The pack starts: its items (after the primary), each at 0, written while the order is still processing. */
export async function startOrderPack(id: string, items: readonly PackItem[]): Promise<boolean> {
  return update(id, {
    UpdateExpression:
      'SET pack_status = :rendering, pack_progress = :zero, pack_items = :items, pack_renders = :renders, updated_at = :now',
    ConditionExpression: 'attribute_exists(id) AND order_status = :processing',
    ExpressionAttributeValues: {
      ':rendering': 'rendering',
      ':zero': 0,
      ':items': items,
      ':renders': Object.fromEntries(items.map((item) => [packItemId(item), 0])),
      ':processing': 'processing',
    },
  });
}

/**
 * One render's fraction, then the pack's combined progress when it grew (one live update). False
 * when the pack is no longer rendering (failed, ready) or the item is not one of it.
 */
export async function reportPackRender(id: string, itemId: string, fraction: number): Promise<boolean> {
  let row: OrderRecord;
  try {
    const written = await documents().send(
      new UpdateCommand({
        TableName: ordersTable(),
        Key: { id },
        UpdateExpression: 'SET pack_renders.#item = :fraction',
        ConditionExpression: 'pack_status = :rendering AND attribute_exists(pack_renders.#item)',
        ExpressionAttributeNames: { '#item': itemId },
        ExpressionAttributeValues: { ':fraction': fraction, ':rendering': 'rendering' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    row = written.Attributes as OrderRecord;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
  const progress = combinedPackProgress(row.pack_renders ?? {});
  if (progress <= (row.pack_progress ?? 0)) return true;
  await update(id, {
    UpdateExpression: 'SET pack_progress = :progress, updated_at = :now',
    ConditionExpression: 'pack_status = :rendering AND pack_progress < :progress',
    ExpressionAttributeValues: { ':progress': progress, ':rendering': 'rendering' },
  });
  return true;
}

/** Every file and the zip are stored: the pack is ready (a retry writes the same again). */
export async function markOrderPackReady(id: string, files: OrderPackFile[], zipKey: string): Promise<boolean> {
  return update(id, {
    UpdateExpression:
      'SET pack_status = :ready, pack_progress = :full, pack_files = :files, pack_zip_key = :zip, updated_at = :now',
    ConditionExpression: 'order_status = :completed AND pack_status IN (:rendering, :ready)',
    ExpressionAttributeValues: {
      ':ready': 'ready',
      ':rendering': 'rendering',
      ':full': 100,
      ':files': files,
      ':zip': zipKey,
      ':completed': 'completed',
    },
  });
}

/** The pack could not be made; the order stays completed with its primary file. `reason` is for ops. */
export async function markOrderPackFailed(id: string, reason: string): Promise<boolean> {
  return update(id, {
    UpdateExpression: 'SET pack_status = :failed, pack_failure_reason = :reason, updated_at = :now',
    ConditionExpression: 'pack_status = :rendering',
    ExpressionAttributeValues: { ':failed': 'failed', ':reason': reason.slice(0, 500), ':rendering': 'rendering' },
  });
}

async function update(
  id: string,
  command: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeValues: Record<string, unknown>;
  },
): Promise<boolean> {
  try {
    await documents().send(
      new UpdateCommand({
        TableName: ordersTable(),
        Key: { id },
        ...command,
        // Every pack write counts in the row's optimistic-lock version, as the lifecycle's do.
        UpdateExpression: `${command.UpdateExpression} ADD #version :one`,
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ...command.ExpressionAttributeValues,
          ':one': 1,
          ':now': new Date().toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
