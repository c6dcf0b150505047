// What the renderer draws, in its own terms: the lead maps an ad script onto this shape, so the
// renderer does not depend on how scripts are written.
import * as z from 'zod';
import { styles } from '#shared/contract';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb');
/** The end card is one line per field, fitted to the width; the CTA is a caption line (≤ 32 chars). */
const cardText = (max: number) => z.string().trim().min(1).max(max);

const sceneKinds = ['hook', 'benefit', 'offer', 'cta'] as const;

export const renderSpecSchema = z
  .object({
    durationSeconds: z.union([z.literal(4), z.literal(8), z.literal(12)]),
    width: z.literal(720),
    height: z.literal(1280),
    fps: z.literal(30),
    footage: z.object({
      /** Local file paths (png, jpeg or webp): the buyer's image, the site's image. */
      images: z.array(z.string().min(1)).max(3),
    }),
    /** Back to back from 0 to durationSeconds; the last scene is the end card. */
    scenes: z
      .array(
        z.object({
          startSeconds: z.number().min(0),
          endSeconds: z.number().positive(),
          caption: z.array(z.string().max(32)).max(2),
          kind: z.enum(sceneKinds),
        }),
      )
      .min(2),
    endCard: z.object({
      title: cardText(40),
      /** Empty: the card has no line between the name and the button. */
      subtitle: z.string().trim().max(80),
      domain: cardText(48),
      cta: cardText(32),
    }),
    palette: z.object({ primary: hexColor, accent: hexColor, text: hexColor }),
    style: z.enum(styles),
  })
  .superRefine((spec, ctx) => {
    let expectedStart = 0;
    for (const [index, scene] of spec.scenes.entries()) {
      if (Math.abs(scene.startSeconds - expectedStart) > 1e-6 || scene.endSeconds - scene.startSeconds < 0.5) {
        ctx.addIssue({
          code: 'custom',
          path: ['scenes', index],
          message: 'scenes run back to back from 0 and last at least 0.5 s',
        });
      }
      expectedStart = scene.endSeconds;
    }
    if (Math.abs(expectedStart - spec.durationSeconds) > 1e-6) {
      ctx.addIssue({ code: 'custom', path: ['scenes'], message: 'the last scene ends at durationSeconds' });
    }
  });

export type RenderSpec = z.infer<typeof renderSpecSchema>;
export type RenderScene = RenderSpec['scenes'][number];
export type RenderStyle = RenderSpec['style'];
export type RenderPalette = RenderSpec['palette'];

/** Parses untrusted input into a spec, naming the first problem in the error. */
export function parseRenderSpec(input: unknown): RenderSpec {
  const parsed = renderSpecSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid render spec at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}
