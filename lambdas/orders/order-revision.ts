// The free revision's state on the order row (shared/revision.ts, docs/render-shape.md "The
// revision"): the only writer of the revision_* fields, and never of order_status. The order stays
// completed with version 1 whatever becomes of its revision; the orders stream carries every write
// here to the live page like the order's own.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents } from '#common/dynamodb-clients.ts';
import { type RevisionReading, revisionLimits } from '#shared/revision.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderRecord } from './order-record.ts';

const ordersTable = () => requireEnv(envNames.ordersTable);

export interface RevisionClaim extends RevisionReading {
  note: string;
  /** The requests the writer's dry run found this ad does not allow, each with why (the page shows them at once). */
  notDone: string[];
  imageKey?: string;
  writer: 'template' | 'bedrock';
}

/**
 * The order's one revision, taken: only while the order is completed, within its window and has
 * never had one (two requests at once: one wins). False when any of that does not hold.
 */
export async function claimOrderRevision(id: string, claim: RevisionClaim, now = new Date()): Promise<boolean> {
  const windowStart = new Date(now.getTime() - revisionLimits.windowDays * 24 * 3600 * 1000).toISOString();
  return update(id, {
    UpdateExpression:
      'SET revision_status = :rendering, revision_progress = :zero, revision_note = :note, ' +
      'revision_requests = :requests, revision_beyond = :beyond, revision_not_done = :notDone, revision_writer = :writer, ' +
      `revision_requested_at = :now${claim.imageKey ? ', revision_image_key = :image' : ''}, updated_at = :now`,
    ConditionExpression:
      'attribute_exists(id) AND order_status = :completed AND attribute_not_exists(revision_status) AND ' +
      // Orders completed before completed_at was recorded count from their creation (a shorter window).
      '(completed_at >= :windowStart OR (attribute_not_exists(completed_at) AND created_at >= :windowStart))',
    ExpressionAttributeValues: {
      ':rendering': 'rendering',
      ':zero': 0,
      ':note': claim.note,
      ':requests': claim.requests,
      ':beyond': claim.beyond,
      ':notDone': claim.notDone,
      ':writer': claim.writer,
      ':completed': 'completed',
      ':windowStart': windowStart,
      ...(claim.imageKey ? { ':image': claim.imageKey } : {}),
    },
    now,
  });
}

/** The revision's execution could not start: the revision is the buyer's again, as if never asked. */
export async function releaseOrderRevision(id: string): Promise<boolean> {
  return update(id, {
    UpdateExpression:
      'REMOVE revision_status, revision_progress, revision_note, revision_requests, revision_beyond, ' +
      'revision_not_done, revision_writer, revision_requested_at, revision_image_key SET updated_at = :now',
    ConditionExpression: 'revision_status = :rendering AND revision_progress = :zero',
    ExpressionAttributeValues: { ':rendering': 'rendering', ':zero': 0 },
  });
}

/** Version 2's render progress 0–100; only forward, only while it renders. */
export async function reportRevisionProgress(id: string, progress: number): Promise<boolean> {
  return update(id, {
    UpdateExpression: 'SET revision_progress = :progress, updated_at = :now',
    ConditionExpression: 'revision_status = :rendering AND revision_progress < :progress',
    ExpressionAttributeValues: { ':rendering': 'rendering', ':progress': Math.min(99, Math.round(progress)) },
  });
}

/**
 * Which writer wrote version 2 (the Bedrock writer may have handed it to the template), and the
 * requests it could not carry out, each with why, for the page and the email.
 */
export async function recordRevisionWriting(
  id: string,
  writer: 'template' | 'bedrock',
  notDone: string[],
): Promise<boolean> {
  return update(id, {
    UpdateExpression: 'SET revision_writer = :writer, revision_not_done = :notDone, updated_at = :now',
    ConditionExpression: 'revision_status = :rendering',
    ExpressionAttributeValues: { ':rendering': 'rendering', ':writer': writer, ':notDone': notDone },
  });
}

/** Version 2 is stored and checked: the revision is ready (a retry writes the same again). */
export async function markOrderRevisionReady(
  id: string,
  keys: { videoKey: string; posterKey: string },
): Promise<OrderRecord | null> {
  return update(
    id,
    {
      UpdateExpression:
        'SET revision_status = :ready, revision_progress = :full, revision_video_key = :video, ' +
        'revision_poster_key = :poster, updated_at = :now',
      ConditionExpression: 'order_status = :completed AND revision_status IN (:rendering, :ready)',
      ExpressionAttributeValues: {
        ':ready': 'ready',
        ':rendering': 'rendering',
        ':full': 100,
        ':video': keys.videoKey,
        ':poster': keys.posterKey,
        ':completed': 'completed',
      },
    },
    true,
  );
}

/**
 * The revision could not be made: version 1 stays the order's ad, nothing is refunded. Answers
 * the row when this call failed it (the caller then tells the buyer), null when it was not rendering.
 */
export async function markOrderRevisionFailed(id: string, reason: string): Promise<OrderRecord | null> {
  return update(
    id,
    {
      UpdateExpression: 'SET revision_status = :failed, revision_failure_reason = :reason, updated_at = :now',
      ConditionExpression: 'revision_status = :rendering',
      ExpressionAttributeValues: { ':failed': 'failed', ':reason': reason.slice(0, 500), ':rendering': 'rendering' },
    },
    true,
  );
}

interface RevisionWrite {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeValues: Record<string, unknown>;
  now?: Date;
}

async function update(id: string, command: RevisionWrite): Promise<boolean>;
async function update(id: string, command: RevisionWrite, returnRow: true): Promise<OrderRecord | null>;
async function update(id: string, command: RevisionWrite, returnRow = false): Promise<boolean | OrderRecord | null> {
  const { now = new Date(), ...write } = command;
  try {
    const written = await documents().send(
      new UpdateCommand({
        TableName: ordersTable(),
        Key: { id },
        ...write,
        // Every revision write counts in the row's optimistic-lock version, as the lifecycle's do.
        UpdateExpression: `${write.UpdateExpression} ADD #version :one`,
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ...write.ExpressionAttributeValues, ':one': 1, ':now': now.toISOString() },
        ...(returnRow ? { ReturnValues: 'ALL_NEW' as const } : {}),
      }),
    );
    return returnRow ? (written.Attributes as OrderRecord) : true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return returnRow ? null : false;
    throw error;
  }
}
