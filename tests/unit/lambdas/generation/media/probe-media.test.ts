import { describe, expect, it } from 'vitest';
import { assertRenderedAd, type MediaFacts } from '#generation/media/probe-media.ts';

describe('the check of a rendered ad', () => {
  const good: MediaFacts = {
    durationSeconds: 12.011,
    video: { codec: 'h264', profile: 'High', pixelFormat: 'yuv420p', width: 720, height: 1280, fps: 30 },
    audio: { codec: 'aac', sampleRate: 48000, channels: 2 },
  };
  const expected = { width: 720, height: 1280, durationSeconds: 12 };

  it('passes an H.264 720x1280 file with audio within 0.05 s of the duration', () => {
    expect(() => assertRenderedAd(good, expected)).not.toThrow();
  });

  it('names every problem of a wrong file at once', () => {
    // Prepare
    const wrong: MediaFacts = { durationSeconds: 11.9, video: { ...good.video!, codec: 'hevc', width: 1080 } };

    // Act
    const check = () => assertRenderedAd(wrong, expected);

    // Assess
    expect(check).toThrow(/video codec is hevc, not h264.*size is 1080x1280.*duration is 11.9 s.*no audio stream/);
  });

  it('fails a file ffprobe found no video or duration in', () => {
    expect(() => assertRenderedAd({ durationSeconds: Number.NaN }, expected)).toThrow(
      /video codec is missing.*duration/,
    );
  });
});
