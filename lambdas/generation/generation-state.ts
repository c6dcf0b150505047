// What flows through one generation execution (JSONPath state): each task reads the fields it
// needs and its result lands under its own key (ResultPath), so the state stays small (< 256 KB).
import type { FootageResult } from '#generation/footage/footage-jobs.ts';
import type { GenerationInput } from '#orders/start-generation.ts';
import { isPrimaryItem, type PackItem, packItemId, packZipFileName } from '#shared/delivery-pack.ts';
import { renderRequestFileName } from '#shared/revision.ts';
import type { Storyboard } from './storyboard/storyboard.ts';
import type { WebsiteAnalysis } from './website/analyze-website.ts';

/** Where a finished render leaves the primary ad (the order's own video and poster) in the videos bucket. */
export const renderKeys = (orderId: string) => ({
  video: `${orderId}/reelfive-ad-${orderId.slice(0, 8)}.mp4`,
  poster: `${orderId}/poster.jpg`,
});

/** The S3 key, and so the download name, of one file of the pack. */
export function packFileKey(orderId: string, item: PackItem): string {
  if (isPrimaryItem(item)) return renderKeys(orderId).video;
  return `${orderId}/reelfive-ad-${orderId.slice(0, 8)}-${packItemId(item)}.mp4`;
}

/** Version 2 of the ad, the order's revision (shared/revision.ts): beside version 1, never over it. */
export const revisionKeys = (orderId: string) => ({
  video: `${orderId}/v2/reelfive-ad-${orderId.slice(0, 8)}-v2.mp4`,
  poster: `${orderId}/v2/poster.jpg`,
});

/** Where PlanRenders keeps the render request (storyboard, site facts, clips) for the order's revision. */
export const renderRequestKey = (orderId: string) => `${orderId}/${renderRequestFileName}`;

/** The zip of the whole pack and its licence. */
export const packZipKey = (orderId: string) => `${orderId}/${packZipFileName(orderId)}`;

/** Where the primary render leaves the pack's text files (pack/copy-files.ts) for DeliverPack's zip. */
export const packTextKey = (orderId: string, name: string) => `${orderId}/pack/${name}`;

/** What every render of an order is asked to make from (PlanRenders writes it once). */
export interface RenderRequest {
  orderId: string;
  storyboard: Storyboard;
  /** AI footage clips stored in the videos bucket, by scene (absent: an engine-only ad). */
  footage?: { sceneIndex: number; key: string }[];
  /** Whether clips were made: the primary's share of the progress bar then starts later (order-progress.ts). */
  afterFootage: boolean;
  /** The site's facts the storyboard was written from: the pack's copy says nothing else (pack/ad-copy.ts). */
  site?: WebsiteAnalysis;
}

/** The render function's input: the order's request and the one file to make of it. */
export interface RenderTask {
  request: RenderRequest;
  item: PackItem;
  /** Version 2, the order's revision (RenderRevision): stored as revisionKeys, its progress the revision's. */
  revision?: 2;
}

/** PlanRenders' result ($.renders): the request, and the items: the primary, then the pack's others. */
export interface RenderPlan {
  request: RenderRequest;
  primary: PackItem;
  pack: PackItem[];
}

/** A render function's answer: the file it stored. */
export interface RenderedFile {
  item: PackItem;
  videoKey: string;
  /** The primary's poster (the order page's and the ready email's still). */
  posterKey?: string;
  bytes: number;
}

/** The Catch of every task puts the error here ($.failure) before the failure path. */
export interface TaskFailure {
  Error: string;
  Cause?: string;
}

export interface GenerationState extends GenerationInput {
  site?: WebsiteAnalysis;
  /** The storyboard WriteStoryboard wrote (storyboard-of-state.ts reads older ones). */
  storyboard?: Storyboard | { version?: undefined };
  /**
   * Where executions started before the step was named WriteStoryboard keep it (their definition
   * still says `$.script`, and they run the handlers deployed after): read, never written.
   */
  script?: Storyboard | { version?: undefined };
  /** AI footage: skipped (engine-only), running (the Wait/CheckFootage loop) or done. */
  footage?: FootageResult;
  renders?: RenderPlan;
  /** The primary's file (RenderAd). */
  rendered?: RenderedFile;
  /** The pack's other files (RenderPack, in item order). */
  packFiles?: RenderedFile[];
  failure?: TaskFailure;
}

/** The storyboard an execution carries, under `storyboard` or, started before the rename, `script`. */
export function carriedStoryboard(state: Pick<GenerationState, 'storyboard' | 'script'>): unknown {
  return state.storyboard ?? state.script;
}
