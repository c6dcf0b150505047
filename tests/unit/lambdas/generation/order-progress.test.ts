import { describe, expect, it } from 'vitest';
import type { FootageResult, SceneClip } from '#generation/footage/footage-jobs.ts';
import { footageProgress, footageWasMade, renderingProgress, renderingStart } from '#generation/order-progress.ts';

const startedAt = '2026-11-28T10:00:00.000Z';
const at = (seconds: number) => Date.parse(startedAt) + seconds * 1000;

function footage(statuses: SceneClip['status'][], status: FootageResult['status'] = 'running'): FootageResult {
  return {
    status,
    startedAt,
    scenes: statuses.map((sceneStatus, sceneIndex) => ({
      sceneIndex,
      prompt: 'a candle on a table',
      image: null,
      seconds: 4,
      status: sceneStatus,
      starts: 1,
      pollErrors: 0,
    })),
    costUsd: 0,
    secondsGenerated: 0,
  };
}

describe('the progress bar through the rendering stage', () => {
  it('gives the render 40–90 when no footage was made', () => {
    expect(renderingStart(false)).toBe(40);
    expect([0, 0.5, 1].map((fraction) => renderingProgress(fraction))).toEqual([40, 65, 90]);
  });

  it('gives the render 65–90 after footage, so the bar never goes back', () => {
    expect(renderingStart(true)).toBe(65);
    expect([0, 0.5, 1].map((fraction) => renderingProgress(fraction, true))).toEqual([65, 78, 90]);
  });

  it('moves through 40–65 with the time spent against the model’s typical time while the clips are made', () => {
    const running = footage(['pending', 'pending']);

    expect(footageProgress(running, 60, at(0))).toBe(40);
    expect(footageProgress(running, 60, at(30))).toBe(53);
    // A slow provider holds below the end of the share until the clips are in.
    expect(footageProgress(running, 60, at(600))).toBe(63);
  });

  it('counts settled scenes (ready or dropped) when they say more than the time', () => {
    expect(footageProgress(footage(['ready', 'pending']), 60, at(3))).toBe(53);
    expect(footageProgress(footage(['ready', 'dropped'], 'done'), 60, at(3))).toBe(65);
  });

  it('knows footage was made only when clips were asked for and the loop is done', () => {
    expect(footageWasMade(footage(['ready'], 'done'))).toBe(true);
    expect(footageWasMade(footage([], 'skipped'))).toBe(false);
    expect(footageWasMade(footage(['pending']))).toBe(false);
    expect(footageWasMade(undefined)).toBe(false);
  });
});
