// The delivery pack: the files one order delivers, each an item {format, opening} the generation
// state machine renders (lib/generation/generation.ts). The order completes with the primary
// (shared/ad-formats.ts primaryFormat); the rest of the pack follows. An extra opening of the ad is
// just another item: the writer's opening id on a format (the storyboard rendered with that opening).
import { type AdFormatId, adFormat, primaryFormat } from './ad-formats.ts';
import { type PlacementCheck, placementsFor } from './placements.ts';

export interface PackItem {
  format: AdFormatId;
  /** An extra opening of the same ad (absent: the storyboard's own opening). */
  opening?: string;
  /** How the buyer tells that opening apart ("Opening B — the rating"), named by the writer. */
  openingName?: string;
}

/** An opening to A/B test besides the ad's own: its id in the storyboard and its name for the buyer. */
export interface ExtraOpening {
  id: string;
  name: string;
}

/** Stable id of an item: part of its S3 key, its download name and the order's pack progress. */
export function packItemId(item: PackItem): string {
  return item.opening ? `${item.format}-${item.opening}` : item.format;
}

/** The name a file of the pack has in the zip and when downloaded. */
export function packFileName(orderId: string, item: PackItem): string {
  return `reelfive-ad-${orderId.slice(0, 8)}-${packItemId(item)}.mp4`;
}

/** The zip's download name. */
export const packZipFileName = (orderId: string) => `reelfive-ad-${orderId.slice(0, 8)}-pack.zip`;

/** How the buyer tells the file apart (order page, email, the zip's read-me). */
export function packItemLabel(item: PackItem): string {
  const { label } = adFormat(item.format);
  if (!item.opening) return label;
  return `${label}, ${item.openingName ?? `opening “${item.opening}”`}`;
}

/**
 * Where a delivered file can run, each placement that takes its shape passed or failed on its
 * length and size: what the order page and the pack-ready email list beside the file.
 */
export function packFilePlacements(file: { item: PackItem; bytes: number }, durationSeconds: number): PlacementCheck[] {
  return placementsFor(adFormat(file.item.format), durationSeconds, file.bytes);
}

export const primaryItem: PackItem = { format: primaryFormat.id };

export function isPrimaryItem(item: PackItem): boolean {
  return item.format === primaryFormat.id && !item.opening;
}

/**
 * What is rendered after the primary: every configured format but the primary, then each extra
 * opening (at the vertical 1080x1920, where the openings are A/B tested). Duplicates are dropped.
 */
export function packItems(formats: readonly AdFormatId[], openings: readonly ExtraOpening[] = []): PackItem[] {
  const items: PackItem[] = [
    ...formats.filter((format) => format !== primaryFormat.id).map((format) => ({ format })),
    ...openings.map(({ id, name }) => ({ format: 'vertical' as const, opening: id, openingName: name })),
  ];
  return items.filter((item, index) => items.findIndex((other) => packItemId(other) === packItemId(item)) === index);
}

/** The whole pack's progress 0–100: the mean of its renders' fractions (each 0–1). */
export function combinedPackProgress(fractions: Readonly<Record<string, number>>): number {
  const values = Object.values(fractions);
  if (!values.length) return 100;
  const mean = values.reduce((sum, fraction) => sum + Math.min(1, Math.max(0, fraction)), 0) / values.length;
  return Math.floor(mean * 100);
}

/** The openings a pack carries: the ad's own and each extra opening among its files. */
export function packOpenings(files: readonly { item: PackItem }[]): number {
  return 1 + files.filter((file) => file.item.opening).length;
}
