// config.ts is plain values; config-schema.ts holds its rules, checked on every synth.
import { describe, expect, it } from 'vitest';
import { config } from '#shared/config.ts';
import { checkConfig } from '#shared/config-schema.ts';

describe('the product config', () => {
  it('follows its rules', () => {
    expect(checkConfig(config)).toBe(config);
  });

  it('names the broken rule when an edit breaks one', () => {
    const broken = { ...config, supportEmail: 'not an address', price: { ...config.price, amountCents: -5 } };
    expect(() => checkConfig(broken)).toThrow(/supportEmail[\s\S]*amountCents|amountCents[\s\S]*supportEmail/);
  });
});
