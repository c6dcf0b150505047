import { describe, expect, it } from 'vitest';
import { wavFacts } from '#generation/voice/wav.ts';

/** A PCM WAV header and `dataBytes` of silence, with an extra LIST chunk before the data as ffmpeg writes. */
function wav(sampleRate: number, channels: number, dataBytes: number, declaredDataBytes = dataBytes): Uint8Array {
  const list = Buffer.from('LIST\x04\x00\x00\x00INFO', 'latin1');
  const header = Buffer.alloc(36);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + list.length + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  const data = Buffer.alloc(8 + dataBytes);
  data.write('data', 0, 'latin1');
  data.writeUInt32LE(declaredDataBytes, 4);
  return new Uint8Array(Buffer.concat([header, list, data]));
}

describe('WAV facts', () => {
  it('reads rate, channels and duration past the chunks before the data', () => {
    expect(wavFacts(wav(48_000, 1, 96_000))).toEqual({
      sampleRate: 48_000,
      channels: 1,
      bitsPerSample: 16,
      durationSeconds: 1,
    });
  });

  it('counts the bytes on disk when the data size was never filled in', () => {
    expect(wavFacts(wav(32_000, 1, 32_000, 0xffffffff)).durationSeconds).toBe(0.5);
  });

  it('rejects what is not a WAV file', () => {
    expect(() => wavFacts(new TextEncoder().encode('ID3 not a wave file'))).toThrow(/Not a WAV file/);
  });
});
