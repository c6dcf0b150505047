// Payments is a Stripe adapter (sessions, promotion codes, refunds, webhook verification)
// and orders decide what a payment means. Checked on the sources: payments reads nothing of the
// orders, so the two cannot call each other.
import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = normalize(join(import.meta.dirname, '../..'));

function importsOf(folder: string): { file: string; specifier: string }[] {
  return readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(join(root, folder, file), 'utf8').matchAll(/\bfrom\s*'([^']+)'/g)].map((match) => ({
        file,
        specifier: match[1] ?? '',
      })),
    );
}

describe('payments and orders', () => {
  it('payments imports nothing from orders or from the generation', () => {
    // Act
    const outward = importsOf('lambdas/payments').filter(({ specifier }) =>
      /^#(orders|generation|operations)\//.test(specifier),
    );

    // Assess
    expect(outward).toEqual([]);
  });

  it('payments holds no route entry: the webhook route is an entry of the orders', () => {
    // Act
    const entries = readdirSync(join(root, 'lambdas/payments')).filter((name) => name.endsWith('.handler.ts'));

    // Assess
    expect(entries).toEqual([]);
  });
});
