import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { parseStackParameters, stagesContextKey } from '../../lib/stack-parameters.ts';
import { testCertificateArn } from './stack.ts';

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

const stagingBlock = {
  domainName: 'staging.reelfive.com',
  mailFrom: 'orders@staging.reelfive.com',
  stripeSecretName: 'reelfive/staging/stripe-secret-key',
  stripeWebhookSecretName: 'reelfive/staging/stripe-webhook-secret',
  alarmEmail: 'ops@reelfive.com',
};

function parse(context: Record<string, unknown>) {
  return () => parseStackParameters(new App({ context }).node);
}

describe('stack parameters', () => {
  it('reads the staging block that cdk.json ships with', () => {
    // Prepare
    const context = { ...cdkJson.context, stage: 'staging' };

    // Act
    const parameters = parse(context)();

    // Assess
    expect(parameters).toMatchObject({ stage: 'staging', domainName: 'staging.reelfive.com' });
  });

  it('says how to pass the stage when none is given', () => {
    expect(parse({ [stagesContextKey]: { staging: stagingBlock } })).toThrow(
      'Missing stage: run cdk with -c stage=staging or -c stage=prod',
    );
  });

  it('refuses a stage that is not deployable, including the twin-only local stage', () => {
    expect(parse({ stage: 'dev' })).toThrow("Unknown stage 'dev': expected staging or prod");
    expect(parse({ stage: 'local' })).toThrow("Unknown stage 'local'");
  });

  it('names the cdk.json block to add when the stage has none', () => {
    expect(parse({ stage: 'prod', [stagesContextKey]: { staging: stagingBlock } })).toThrow(
      `No parameters for stage 'prod': add a "prod" block to "${stagesContextKey}" in cdk.json`,
    );
  });

  it('lists every missing or invalid value in one error, with where it came from', () => {
    // Prepare
    const { domainName: _, ...withoutDomain } = stagingBlock;
    const context = {
      stage: 'staging',
      [stagesContextKey]: {
        staging: {
          ...withoutDomain,
          alarmEmail: 'not-an-email',
          certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
        },
      },
    };

    // Act
    const act = parse(context);

    // Assess
    expect(act).toThrow(`Invalid stack parameters (cdk.json ${stagesContextKey}.staging)`);
    expect(act).toThrow('domainName is required');
    expect(act).toThrow('alarmEmail must be the email address that receives alarms');
    expect(act).toThrow('certificateArn must be an ACM certificate ARN in us-east-1');
  });

  it('refuses a domain given with a scheme', () => {
    const context = {
      stage: 'staging',
      [stagesContextKey]: { staging: { ...stagingBlock, domainName: 'https://x.com' } },
    };

    expect(parse(context)).toThrow('domainName must be a lower-case host name without scheme or path');
  });

  it('requires a certificate for prod and accepts one from us-east-1', () => {
    const prod = { ...stagingBlock, domainName: 'reelfive.com' };

    expect(parse({ stage: 'prod', [stagesContextKey]: { prod } })).toThrow('certificateArn is required for prod');
    expect(
      parse({ stage: 'prod', [stagesContextKey]: { prod: { ...prod, certificateArn: testCertificateArn } } })(),
    ).toMatchObject({ stage: 'prod', certificateArn: testCertificateArn });
  });
});
