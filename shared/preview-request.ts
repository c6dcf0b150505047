// POST /api/previews body, parsed by the CreatePreview handler: the order form's website, style,
// duration and photo, checked exactly as POST /api/orders checks them (a preview of a website
// the order would refuse would promise an ad that cannot be bought). Unknown fields are dropped.
import * as z from 'zod/mini';
import { createOrderRequestSchema } from './create-order-request.ts';

const order = createOrderRequestSchema.shape;

export const previewRequestSchema = z.object({
  website: order.website,
  style: order.style,
  durationSeconds: order.durationSeconds,
  imageStoragePath: order.imageStoragePath,
});
export type PreviewInput = z.output<typeof previewRequestSchema>;
