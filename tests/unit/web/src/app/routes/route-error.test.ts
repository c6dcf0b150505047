import { describe, expect, it } from 'vitest';
import { errorMessage } from '#web/app/routes/route-error.tsx';

describe('the router error fallback', () => {
  it('shows a thrown error by its message', () => {
    expect(errorMessage(new Error('Chunk failed to load'))).toBe('Chunk failed to load');
  });

  it('shows a thrown string as it is', () => {
    expect(errorMessage('boom')).toBe('boom');
  });

  it('names an error it cannot read', () => {
    expect(errorMessage({ weird: true })).toBe('Unknown error');
  });
});
