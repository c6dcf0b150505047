// A still of the ad's opening, for the preview: the renderer's own layout of the hook scene, its
// first shot's plate (compose/plates.ts) and its on-screen text drawn by satori (compose/layers.tsx),
// composited by sharp at half the frame's size. No voice, no captions, no ffmpeg: it shows what the
// first frame looks like once the hook's text is in. Images come in cleaned (preview-images.ts).
import sharp from 'sharp';
import { frame } from '#generation/compose/geometry.ts';
import { keyPointOf } from '#generation/compose/key-area.ts';
import { drawLogoChip, drawTextBlock } from '#generation/compose/layers.tsx';
import { type ImageFacts, layoutStoryboard } from '#generation/compose/layout.ts';
import { composePlate, type PlateImage, platePng } from '#generation/compose/plates.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';

export type FrameImage = PlateImage & { facts: ImageFacts };

const stillSize = { width: frame.width / 2, height: frame.height / 2 };

/** The opening frame as WebP; null when neither of the renderer's layouts takes the storyboard. */
export async function drawOpeningFrame(
  storyboard: Storyboard,
  images: ReadonlyMap<string, FrameImage>,
): Promise<Buffer | null> {
  const facts = new Map([...images].map(([id, image]) => [id, image.facts]));
  // As the renderer does: the designed layout, else the simpler boxed one it falls back to.
  const layout = [false, true]
    .map((safe) => layoutStoryboard(storyboard, facts, { safe }))
    .find((candidate) => candidate.problems.length === 0);
  const scene = layout?.scenes[0];
  const shot = scene?.shots[0];
  if (!layout || !scene || !shot) return null;
  const plate = await composePlate(layout, shot, shot.asset ? images.get(shot.asset) : undefined);
  const texts = await Promise.all(
    scene.texts.map(async (block) => ({
      input: await drawTextBlock(block),
      left: Math.round(block.box.x),
      top: Math.round(block.box.y),
    })),
  );
  // The brand mark, as the ad shows it from frame 0.
  const mark = scene.brandMark;
  const logo = mark?.kind === 'logo' && mark.asset ? images.get(mark.asset) : undefined;
  const markPng =
    logo && mark
      ? await drawLogoChip(logo.bytes, mark.box)
      : mark?.wordmark
        ? await drawTextBlock(mark.wordmark)
        : null;
  if (mark && markPng) texts.push({ input: markPng, left: Math.round(mark.box.x), top: Math.round(mark.box.y) });
  const base = await sharp(await platePng(plate))
    .resize(frame.width, frame.height)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const composed = await sharp(base).composite(texts).png({ compressionLevel: 0 }).toBuffer();
  return sharp(composed).resize(stillSize.width, stillSize.height).webp({ quality: 80 }).toBuffer();
}

/** What the layout needs to know of an image: its size and whether it has see-through pixels. */
export async function frameImage(bytes: Buffer): Promise<FrameImage | null> {
  const image = sharp(bytes);
  const { width, height, hasAlpha } = await image.metadata();
  if (!width || !height) return null;
  const opaque = !hasAlpha || (await image.stats()).channels[3]!.min === 255;
  // Where the subject is, so that the opening frame frames it as the render does.
  const focus = opaque ? await keyPointOf(bytes, width, height) : undefined;
  return { bytes, opaque, facts: { width, height, opaque, ...(focus && { focus }) } };
}
