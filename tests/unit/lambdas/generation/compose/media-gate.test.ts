// The gate on the encoded ad, read from one ffmpeg analysis log: loudness and true peak in range,
// speech present, no black, blank or frozen stretch over 0.5 s outside the end card.
import { describe, expect, it } from 'vitest';
import { checkMedia, type MediaFigures, parseAnalysis } from '#generation/compose/media-gate.ts';

/** What ffmpeg prints for a 4 s ad: the probe's empty summary first, then the real one. */
function analysisLog(
  options: { frames?: [number, number][]; extra?: string[]; loudness?: string; peak?: string } = {},
): string {
  const frames = options.frames ?? Array.from({ length: 120 }, () => [20, 230] as [number, number]);
  const emptySummary = [
    '[Parsed_ebur128_6 @ 0x1] Summary:',
    '',
    '  Integrated loudness:',
    '    I:         -70.0 LUFS',
    '  True peak:',
    '    Peak:       -inf dBFS',
  ];
  const perFrame = frames.flatMap(([low, high], n) => [
    `[Parsed_metadata_4 @ 0x2] frame:${n}    pts:${n * 512}     pts_time:${n / 30}`,
    `[Parsed_metadata_4 @ 0x2] lavfi.signalstats.YMIN=${low}`,
    `[Parsed_metadata_5 @ 0x3] frame:${n}    pts:${n * 512}     pts_time:${n / 30}`,
    `[Parsed_metadata_5 @ 0x3] lavfi.signalstats.YMAX=${high}`,
  ]);
  const summary = [
    '[Parsed_ebur128_6 @ 0x4] Summary:',
    '',
    '  Integrated loudness:',
    `    I:         ${options.loudness ?? '-14.1'} LUFS`,
    '    Threshold: -24.1 LUFS',
    '  True peak:',
    `    Peak:       ${options.peak ?? '-2.2'} dBFS`,
  ];
  return [...emptySummary, ...perFrame, ...(options.extra ?? []), ...summary].join('\n');
}

const endCard = [{ start: 3, end: 4 }];

describe('the media gate', () => {
  it('reads loudness from the last summary and speech as the voice stem minus its silences', () => {
    // Prepare
    const log = analysisLog({
      extra: [
        '[silencedetect @ 0x5] silence_start: -0.002',
        '[silencedetect @ 0x5] silence_end: 0.05 | silence_duration: 0.052',
        '[silencedetect @ 0x5] silence_start: 3.6',
      ],
    });

    // Act
    const figures = parseAnalysis(log, 4, endCard, 30);

    // Assess
    expect(figures).toEqual({
      integratedLufs: -14.1,
      truePeakDbtp: -2.2,
      speechSeconds: 3.55,
      blackSeconds: 0,
      blankSeconds: 0,
      frozenSeconds: 0,
    });
    expect(checkMedia(figures, 4)).toEqual([]);
  });

  it('counts a frozen stretch outside the end card, and forgives the designed hold', () => {
    // Prepare
    const log = analysisLog({
      extra: [
        '[freezedetect @ 0x6] lavfi.freezedetect.freeze_start: 1.2',
        '[freezedetect @ 0x6] lavfi.freezedetect.freeze_duration: 0.8',
        '[freezedetect @ 0x6] lavfi.freezedetect.freeze_end: 2',
        '[freezedetect @ 0x6] lavfi.freezedetect.freeze_start: 3.1',
        '[freezedetect @ 0x6] lavfi.freezedetect.freeze_duration: 0.9',
      ],
    });

    // Act
    const figures = parseAnalysis(log, 4, endCard, 30);

    // Assess
    expect(figures.frozenSeconds).toBe(0.8);
    expect(checkMedia(figures, 4)).toContain('0.8 s of frozen frames outside the end card');
  });

  it('finds black and blank stretches longer than half a second', () => {
    // Prepare: 24 flat frames (0.8 s) in the middle, and a black stretch.
    const frames = Array.from({ length: 120 }, (_, n): [number, number] => (n >= 40 && n < 64 ? [80, 90] : [20, 230]));
    const log = analysisLog({ frames, extra: ['[blackdetect @ 0x7] black_start:0 black_end:0.6 black_duration:0.6'] });

    // Act
    const figures = parseAnalysis(log, 4, endCard, 30);

    // Assess
    expect(figures.blankSeconds).toBe(0.8);
    expect(figures.blackSeconds).toBe(0.6);
    expect(checkMedia(figures, 4)).toEqual(['0.6 s of black frames', '0.8 s of blank frames']);
  });

  it('refuses a mix off −14 LUFS by more than 1 LU, a true peak over −1 dBTP and an ad without speech', () => {
    // Prepare
    const figures: MediaFigures = {
      integratedLufs: -16.2,
      truePeakDbtp: -0.4,
      speechSeconds: 1,
      blackSeconds: 0,
      blankSeconds: 0,
      frozenSeconds: 0,
    };

    // Act
    const problems = checkMedia(figures, 12);

    // Assess
    expect(problems).toEqual([
      'integrated loudness is -16.2 LUFS, not -14 ±1',
      'true peak is -0.4 dBTP, over -1 dBTP',
      '1 s of speech, under 30 % of 12 s',
    ]);
  });

  it('treats a log without a loudness summary as silence', () => {
    // Act
    const figures = parseAnalysis('no audio here', 4, endCard, 30);

    // Assess
    expect(checkMedia(figures, 4)[0]).toBe('integrated loudness is -Infinity LUFS, not -14 ±1');
  });
});
