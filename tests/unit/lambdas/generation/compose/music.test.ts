// The music bed is part of the render: the same ad rendered twice must sound the same, whatever the
// process rendered before it (a warm Lambda renders many ads; the bench renders a grid in turn).
import { describe, expect, it } from 'vitest';
import { synthesizeBed } from '#generation/compose/music.ts';
import { styleDefinitions } from '#generation/styles/styles.ts';

describe('the music bed', () => {
  for (const [style, definition] of Object.entries(styleDefinitions)) {
    it(`is the same for the same ${style} ad, whichever beds were made before it`, () => {
      // Prepare: another style's bed first, as a warm Lambda would have made.
      const first = synthesizeBed(definition.music, 3);
      for (const other of Object.values(styleDefinitions)) synthesizeBed(other.music, 2);

      // Act
      const again = synthesizeBed(definition.music, 3);

      // Assess
      expect(Buffer.from(again.left.buffer).equals(Buffer.from(first.left.buffer))).toBe(true);
      expect(Buffer.from(again.right.buffer).equals(Buffer.from(first.right.buffer))).toBe(true);
    });
  }
});
