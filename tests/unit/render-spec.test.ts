import { describe, expect, it } from 'vitest';
import { assertRenderedAd, type MediaFacts } from '../../lambdas/generation/render/probe-media.ts';
import { parseRenderSpec } from '../../lambdas/generation/render/render-spec.ts';

const validSpec = {
  durationSeconds: 4,
  width: 720,
  height: 1280,
  fps: 30,
  footage: { images: [] },
  scenes: [
    { startSeconds: 0, endSeconds: 2, caption: ['Hook'], kind: 'hook' },
    { startSeconds: 2, endSeconds: 4, caption: [], kind: 'cta' },
  ],
  endCard: { title: 'Brand', subtitle: 'Promise', domain: 'brand.com', cta: 'Shop now' },
  palette: { primary: '#112233', accent: '#ffaa00', text: '#ffffff' },
  style: 'ugc',
};

describe('render spec', () => {
  it('accepts scenes that run back to back from 0 to the duration', () => {
    expect(parseRenderSpec(validSpec).scenes).toHaveLength(2);
  });

  it.each([
    [
      'a gap between scenes',
      { scenes: [validSpec.scenes[0], { ...validSpec.scenes[1], startSeconds: 2.5 }] },
      'scenes.1',
    ],
    ['scenes that stop short of the duration', { durationSeconds: 8 }, 'scenes'],
    ['a single scene (no end card)', { scenes: [{ ...validSpec.scenes[0], endSeconds: 4 }] }, 'scenes'],
    [
      'a caption line over 32 characters',
      { scenes: [{ ...validSpec.scenes[0], caption: ['x'.repeat(33)] }, validSpec.scenes[1]] },
      'scenes.0.caption.0',
    ],
    [
      'three caption lines',
      { scenes: [{ ...validSpec.scenes[0], caption: ['a', 'b', 'c'] }, validSpec.scenes[1]] },
      'scenes.0.caption',
    ],
    ['four images', { footage: { images: ['a', 'b', 'c', 'd'] } }, 'footage.images'],
    ['a duration not sold', { durationSeconds: 6 }, 'durationSeconds'],
    ['a named colour', { palette: { ...validSpec.palette, primary: 'red' } }, 'palette.primary'],
    ['an unknown style', { style: 'noir' }, 'style'],
  ])('rejects %s, naming where', (_name, change, path) => {
    expect(() => parseRenderSpec({ ...validSpec, ...change })).toThrow(`Invalid render spec at ${path}:`);
  });
});

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
