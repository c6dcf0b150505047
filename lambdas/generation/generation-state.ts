// What flows through one generation execution (JSONPath state): each task reads the fields it
// needs and its result lands under its own key (ResultPath), so the state stays small (< 256 KB).
import type { FootageResult } from '#generation/footage/footage-jobs.ts';
import type { GenerationInput } from '#orders/start-generation.ts';
import type { Storyboard } from './storyboard/storyboard.ts';
import type { WebsiteAnalysis } from './website/analyze-website.ts';

/** Where a finished render leaves the ad in the videos bucket. */
export const renderKeys = (orderId: string) => ({
  video: `${orderId}/reelfive-ad-${orderId.slice(0, 8)}.mp4`,
  poster: `${orderId}/poster.jpg`,
  status: `${orderId}/render-status.json`,
});

/** A render job as StartRender and CheckRender report it ($.render). */
export interface RenderJob {
  jobId: string;
  status: 'running' | 'succeeded' | 'failed';
  /** 0–1 within the render. */
  fraction: number;
  videoKey?: string;
  posterKey?: string;
  error?: string;
}

/** The Catch of every task puts the error here ($.failure) before the failure path. */
export interface TaskFailure {
  Error: string;
  Cause?: string;
}

export interface GenerationState extends GenerationInput {
  site?: WebsiteAnalysis;
  /** The storyboard; executions started before it shipped hold the old ad script (storyboard-of-state.ts). */
  script?: Storyboard | { version?: undefined };
  /** AI footage: skipped (engine-only), running (the Wait/CheckFootage loop) or done. */
  footage?: FootageResult;
  render?: RenderJob;
  failure?: TaskFailure;
}
