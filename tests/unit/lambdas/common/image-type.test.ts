import { describe, expect, it } from 'vitest';
import { sniffImageType } from '#common/image-type.ts';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );

describe('image type from its first bytes', () => {
  it('recognises jpeg, png and webp', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
    expect(sniffImageType(bytes(0x89, 'PNG\r\n', 0x1a, '\n'))).toBe('png');
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses gif, svg and empty files whatever their name says', () => {
    expect(sniffImageType(bytes('GIF89a'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns='))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
