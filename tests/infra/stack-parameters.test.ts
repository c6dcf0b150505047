// What `cdk synth -c stage=…` makes of cdk.json's stage blocks and of `-c <name>=<value>`: the App
// context below is what the CLI hands the app, with cdk.json's real blocks and `-c` values as strings.
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { localStackParameters } from '#lib/app.ts';
import { footageChoice, generationChoices, parseStackParameters, stagesContextKey } from '#lib/stack-parameters.ts';
import { buildStack, testCertificateArn } from './stack.ts';

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

const stagingBlock = {
  domainName: 'staging.reelfive.com',
  mailFrom: 'orders@staging.reelfive.com',
  stripeSecretName: 'reelfive/staging/stripe-secret-key',
  stripeWebhookSecretName: 'reelfive/staging/stripe-webhook-secret',
  c2paSignerSecretName: 'reelfive/staging/c2pa-signer',
  alarmEmail: 'ops@reelfive.com',
  certificateArn: testCertificateArn,
};

function parse(context: Record<string, unknown>) {
  return () => parseStackParameters(new App({ context }).node);
}

/** cdk.json as shipped, plus what `-c` adds on the command line. */
function withCdkJson(commandLine: Record<string, string>) {
  return parse({ ...cdkJson.context, ...commandLine });
}

describe('stack parameters from cdk.json', () => {
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
      renderReservedConcurrency: 'abc',
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
    expect(act).toThrow(
      `Invalid stack parameters (cdk.json ${stagesContextKey}.staging, -c renderReservedConcurrency)`,
    );
    expect(act).toThrow('domainName is required');
    expect(act).toThrow('alarmEmail must be the email address that receives alarms');
    expect(act).toThrow('certificateArn must be an ACM certificate ARN in us-east-1');
    expect(act).toThrow(
      'renderReservedConcurrency must be a whole number of concurrent renders (from -c renderReservedConcurrency=abc)',
    );
  });

  it('refuses a domain given with a scheme', () => {
    const context = {
      stage: 'staging',
      [stagesContextKey]: { staging: { ...stagingBlock, domainName: 'https://x.com' } },
    };

    expect(parse(context)).toThrow('domainName must be a lower-case host name without scheme or path');
  });
});

describe('a deployed stage needs its own certificate', () => {
  it.each(['staging', 'prod'])('refuses %s as cdk.json ships it, saying why and how to fix it', (stage) => {
    // Act
    const act = withCdkJson({ stage });

    // Assess
    expect(act).toThrow('certificateArn is required for every deployed stage');
    expect(act).toThrow('Stripe redirect URLs, the upload CORS origin, emails and canonical URLs');
    expect(act).toThrow('pass -c certificateArn=arn:aws:acm:us-east-1:<account>:certificate/<id>');
    expect(act).toThrow(/Create one in ACM in us-east-1 covering (staging\.)?reelfive\.com, validated by DNS/);
  });

  it('takes the certificate of staging from -c certificateArn', () => {
    // Act
    const parameters = withCdkJson({ stage: 'staging', certificateArn: testCertificateArn })();

    // Assess
    expect(parameters).toMatchObject({
      stage: 'staging',
      domainName: 'staging.reelfive.com',
      certificateArn: testCertificateArn,
    });
  });

  it('refuses a certificate outside us-east-1, naming the -c value', () => {
    const elsewhere = testCertificateArn.replace('us-east-1', 'eu-west-1');

    expect(withCdkJson({ stage: 'prod', certificateArn: elsewhere })).toThrow(
      `certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there) (from -c certificateArn=${elsewhere})`,
    );
  });

  it('synthesizes the local stage (the twin) without a certificate, on *.cloudfront.net only', () => {
    // Act
    const { template } = buildStack(localStackParameters);

    // Assess
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    expect(distribution?.Properties.DistributionConfig.Aliases).toBeUndefined();
    expect(distribution?.Properties.DistributionConfig.ViewerCertificate).toBeUndefined();
  });
});

describe('-c <name>=<value> overrides', () => {
  it('overrides every parameter of the stage block, as the CLI hands them over: strings', () => {
    // Prepare
    const commandLine = {
      stage: 'prod',
      domainName: 'ads.example.com',
      certificateArn: testCertificateArn,
      mailFrom: 'ads@example.com',
      stripeSecretName: 'other/stripe-secret-key',
      stripeCheckoutKeySecretName: 'other/stripe-checkout-key',
      stripeReadKeySecretName: 'other/stripe-read-key',
      stripeRefundKeySecretName: 'other/stripe-refund-key',
      stripeWebhookSecretName: 'other/stripe-webhook-secret',
      c2paSignerSecretName: 'other/c2pa-signer',
      alarmEmail: 'pager@example.com',
      copywriter: 'bedrock',
      renderReservedConcurrency: '4',
      account: '210987654321',
      region: 'eu-central-1',
    };

    // Act
    const parameters = withCdkJson(commandLine)();

    // Assess
    expect(parameters).toEqual({ ...commandLine, renderReservedConcurrency: 4 });
  });

  it('keeps the stage block for every parameter not given with -c', () => {
    // Act
    const parameters = withCdkJson({ stage: 'prod', certificateArn: testCertificateArn, copywriter: 'bedrock' })();

    // Assess
    expect(parameters).toEqual({
      stage: 'prod',
      domainName: 'reelfive.com',
      certificateArn: testCertificateArn,
      mailFrom: 'orders@reelfive.com',
      stripeSecretName: 'reelfive/prod/stripe-secret-key',
      stripeWebhookSecretName: 'reelfive/prod/stripe-webhook-secret',
      c2paSignerSecretName: 'reelfive/prod/c2pa-signer',
      alarmEmail: 'ops@reelfive.com',
      copywriter: 'bedrock',
    });
  });

  it.each([
    ['2.5', 'must be a whole number of concurrent renders'],
    ['abc', 'must be a whole number of concurrent renders'],
    ['0', 'must be at least 1 (leave it out to reserve nothing)'],
  ])('refuses -c renderReservedConcurrency=%s', (value, problem) => {
    expect(
      withCdkJson({ stage: 'prod', certificateArn: testCertificateArn, renderReservedConcurrency: value }),
    ).toThrow(`renderReservedConcurrency ${problem} (from -c renderReservedConcurrency=${value})`);
  });

  it('names each invalid -c value with the parameter it sets', () => {
    // Act
    const act = withCdkJson({
      stage: 'prod',
      certificateArn: testCertificateArn,
      copywriter: 'gpt',
      stripeRefundKeySecretName: 'rk_live_123 pasted by mistake',
      account: '1234',
      region: 'Europe',
    });

    // Assess
    expect(act).toThrow('copywriter must be template or bedrock (from -c copywriter=gpt)');
    expect(act).toThrow(
      'stripeRefundKeySecretName must be a Secrets Manager secret name (from -c stripeRefundKeySecretName=rk_live_123 pasted by mistake)',
    );
    expect(act).toThrow('account must be a 12-digit AWS account id (from -c account=1234)');
    expect(act).toThrow('region must be an AWS region, e.g. eu-west-1 (from -c region=Europe)');
  });

  it('treats an empty value as not set: optional parameters fall back to their defaults', () => {
    // Prepare
    const context = {
      stage: 'staging',
      copywriter: '',
      renderReservedConcurrency: '',
      [stagesContextKey]: { staging: { ...stagingBlock, copywriter: 'bedrock', renderReservedConcurrency: 5 } },
    };

    // Act
    const parameters = parse(context)();

    // Assess
    expect(parameters.copywriter).toBeUndefined();
    expect(generationChoices(parameters).copywriter).toBe('bedrock');
    expect(parameters.renderReservedConcurrency).toBeUndefined();
  });

  it('treats an empty value as not set: a required parameter is reported missing', () => {
    expect(withCdkJson({ stage: 'prod', certificateArn: testCertificateArn, domainName: '' })).toThrow(
      'domainName is required (the site host, e.g. reelfive.com) (unset by -c domainName=)',
    );
    expect(withCdkJson({ stage: 'prod', certificateArn: '' })).toThrow(
      'certificateArn is required for every deployed stage',
    );
  });
});

describe('AI footage per stage', () => {
  const staging = (footage: Record<string, string>) =>
    parse({ stage: 'staging', [stagesContextKey]: { staging: { ...stagingBlock, ...footage } } })();

  it('makes engine-only ads when the stage names no video model', () => {
    expect(footageChoice(staging({}))).toBeNull();
  });

  it('reads the model, resolution, spend limit and fallback, as -c hands them over', () => {
    const parameters = staging({
      footageModel: 'gen4_turbo',
      footageApiKeySecretName: 'reelfive/staging/runway-api-key',
      footageResolution: '720p',
      footageMaxSpendUsd: '0.5',
      footageFallback: 'fail',
    });
    expect(footageChoice(parameters)).toEqual({
      model: 'gen4_turbo',
      resolution: '720p',
      maxSpendUsd: 0.5,
      fallback: 'fail',
      apiKeySecretName: 'reelfive/staging/runway-api-key',
    });
  });

  it('refuses a model outside the price table, a spend limit that is not an amount, an unknown fallback', () => {
    expect(() => staging({ footageModel: 'sora-2' })).toThrow(/footageModel must be one of/);
    expect(() => staging({ footageModel: 'gen4_turbo', footageMaxSpendUsd: 'lots' })).toThrow(/footageMaxSpendUsd/);
    expect(() => staging({ footageModel: 'gen4_turbo', footageFallback: 'retry' })).toThrow(/footageFallback/);
  });

  it('needs the secret holding the provider key on a deployed stage', () => {
    expect(() => footageChoice(staging({ footageModel: 'gen4_turbo' }))).toThrow(/footageApiKeySecretName/);
  });
});
