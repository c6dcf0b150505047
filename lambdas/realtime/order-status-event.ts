// What the buyer's page may learn from a write of an order row: the public status fields, and only
// when one of them, or the delivery pack's or the revision's status or progress, changed (the page then reads the pack). Stream images arrive in DynamoDB's AttributeValue form.
import type { DynamoDBRecord } from 'aws-lambda';
import type { OrderStatus, Stage } from '#shared/contract.ts';

/** The whole live-status event: no email, website or payment data ever reaches a channel. */
export interface OrderStatusEvent {
  id: string;
  order_status: OrderStatus;
  stage: Stage;
  progress: number;
  updated_at: string;
}

type StreamImage = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

const watchedFields = [
  'order_status',
  'stage',
  'progress',
  'pack_status',
  'pack_progress',
  // The free revision follows live too (lambdas/orders/order-revision.ts).
  'revision_status',
  'revision_progress',
] as const;

/** The event a stream record should publish, or null when the page has nothing new to show. */
export function orderStatusEventOf(record: DynamoDBRecord): OrderStatusEvent | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const newImage = record.dynamodb?.NewImage;
  if (!newImage) throw new Error(`Stream record ${record.eventID} has no NewImage (is the view NEW_AND_OLD_IMAGES?)`);
  const oldImage = record.dynamodb?.OldImage;
  if (oldImage && watchedFields.every((field) => sameValue(oldImage[field], newImage[field]))) return null;
  return {
    id: requiredString(newImage, 'id'),
    order_status: requiredString(newImage, 'order_status') as OrderStatus,
    stage: requiredString(newImage, 'stage') as Stage,
    progress: Number(requiredValue(newImage, 'progress', 'N')),
    updated_at: requiredString(newImage, 'updated_at'),
  };
}

function sameValue(a: StreamImage[string] | undefined, b: StreamImage[string] | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function requiredString(image: StreamImage, field: string): string {
  return requiredValue(image, field, 'S');
}

function requiredValue(image: StreamImage, field: string, type: 'S' | 'N'): string {
  const value = image[field]?.[type];
  if (typeof value !== 'string') throw new Error(`Order image has no ${type} attribute ${field}`);
  return value;
}
