// The house rule "only the order lifecycle writes order_status" (docs/design.md "Order lifecycle"), checked on
// the sources: handlers, the reconciler, ops and the twin change an order's state only through the
// named transitions of lambdas/orders/order-lifecycle.ts, and the few other writers of the orders
// table write facts that are not its state.
import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = normalize(join(import.meta.dirname, '../..'));
const lifecycleModule = 'lambdas/orders/order-lifecycle.ts';

/** Every other file that writes the orders table, and what it writes there. */
const otherOrderWriters: Record<string, string> = {
  'lambdas/operations/anonymise.ts': 'removes the personal fields of an order at rest',
  'lambdas/notifications/email-ledger.ts': 'claims and releases the emails_sent kinds',
  'lambdas/orders/order-pack.ts':
    "the delivery pack's own status and progress (pack_*), on a completed order, never its order_status",
  'lambdas/orders/order-revision.ts':
    "the free revision's own status, progress and version 2 (revision_*), on a completed order, never its order_status",
};

function sourceFiles(...dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  );
}

const source = (file: string) => readFileSync(join(root, file), 'utf8');

const writeCommands =
  /\b(UpdateCommand|PutCommand|DeleteCommand|TransactWriteCommand|BatchWriteCommand|UpdateItemCommand|PutItemCommand|DeleteItemCommand|TransactWriteItemsCommand|BatchWriteItemCommand)\b/;
/** `order_status: 'failed'`: a state given as a value in an object (a row, a set of changes). */
const stateLiteral = /\b(order_status|payment_status)\s*:\s*['"`]/;
/** `SET order_status = …` inside an update expression. */
const stateInUpdate = /\bSET\b[^'"`]*\b(order_status|payment_status)\b/;

describe('who writes an order', () => {
  it('writes the orders table from the lifecycle and the named other writers only', () => {
    // Prepare
    const files = sourceFiles('lambdas', 'tools', 'local');

    // Act
    const writers = files.filter((file) => {
      const text = source(file);
      return /envNames\.ordersTable|ORDERS_TABLE/.test(text) && writeCommands.test(text);
    });

    // Assess
    expect(writers.sort()).toEqual([lifecycleModule, ...Object.keys(otherOrderWriters)].sort());
  });

  it('sets order_status and payment_status in the lifecycle module and nowhere else', () => {
    // Prepare
    const files = sourceFiles('lambdas', 'tools');

    // Act
    const setters = files.filter((file) => {
      const text = source(file);
      return stateLiteral.test(text) || stateInUpdate.test(text);
    });

    // Assess
    expect(setters).toEqual([lifecycleModule]);
  });

  it('keeps the raw conditional write private to the lifecycle', () => {
    // Prepare
    const thisTest = relative(root, import.meta.filename);
    const files = sourceFiles('lambdas', 'tools', 'local', 'tests').filter(
      (file) => file !== lifecycleModule && file !== thisTest,
    );

    // Act
    const importers = files.filter((file) =>
      /\bimport\s*\{[^}]*\b(updateOrder|writeOrder)\b[^}]*\}\s*from/.test(source(file)),
    );

    // Assess
    expect(source(lifecycleModule)).not.toMatch(/export\s+(async\s+)?function\s+writeOrder\b/);
    expect(importers).toEqual([]);
  });
});
