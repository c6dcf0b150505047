// config.ts is plain values; config-schema.ts holds its rules, checked on every synth.
import { describe, expect, it } from 'vitest';
import { config, generationConfig, serviceLimits } from '#shared/config.ts';
import { checkConfig } from '#shared/config-schema.ts';

describe('the product config', () => {
  it('follows its rules', () => {
    expect(() => checkConfig(config, generationConfig, serviceLimits)).not.toThrow();
  });

  it('names the broken rule when an edit breaks one', () => {
    const broken = { ...config, supportEmail: 'not an address', price: { ...config.price, amountCents: -5 } };
    expect(() => checkConfig(broken, generationConfig, serviceLimits)).toThrow(
      /supportEmail[\s\S]*amountCents|amountCents[\s\S]*supportEmail/,
    );
  });

  it('names a broken rule of how ads are made too', () => {
    const broken = { ...generationConfig, pack: { ...generationConfig.pack, maxConcurrentRenders: 0 } };
    expect(() => checkConfig(config, broken, serviceLimits)).toThrow(/generation[\s\S]*maxConcurrentRenders/);
  });
});
