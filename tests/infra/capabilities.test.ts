// One capability vocabulary, one grant registry: every function of the stack is declared in a table
// (routes, generation steps, render, execution-ended, ops functions) and gets exactly the grants its
// capabilities name, and each Stripe use reads its own restricted key when the stage has one.
import { App, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it, vi } from 'vitest';
import { createStacks } from '#lib/app.ts';
import { unrestrictedStripeKeysWarning } from '#lib/payments/payments.ts';
import type { ReelFiveStack } from '#lib/reelfive-stack.ts';
import { type CapabilityOwners, capabilityGrants, grantCapabilities } from '#lib/shared/grants.ts';
import { opsFunctions } from '#lib/shared/ops-functions.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import type { StackParameters } from '#lib/stack-parameters.ts';
import {
  type Capability,
  capabilities,
  isStripeKeyCapability,
  type StripeKeyCapability,
  stripeKeySecretNameEnv,
} from '#shared/capabilities.ts';
import { deliverySeconds } from '#shared/delivery-time.ts';
import { executionEndedFunction, generationSteps, renderFunction } from '#shared/generation-steps.ts';
import { apiRoutes } from '#shared/routes.ts';
import { envNames } from '#shared/runtime-env.ts';
import { envOf, everyFunctionEnv } from './capability-env.ts';
import {
  type BuiltStack,
  buildStack,
  type PolicyStatement,
  statementsOf,
  testParameters,
  testSiteDir,
} from './stack.ts';

interface DeclaredFunction {
  name: string;
  fn: ReelFiveFunction;
  uses: readonly Capability[];
  /** Variables it has beside its capabilities' (and every function's). */
  env?: readonly string[];
  /** Statements that come with its API or its trigger, not from its capabilities. */
  isWiring?: (statement: PolicyStatement) => boolean;
}

const apiFunctionEnv = [envNames.originVerifySecretName, envNames.siteUrl, envNames.ipAttemptsPerHour];
const actionsOf = (statement: PolicyStatement) => [statement.Action].flat();
const logicalIdOf = (stack: ReelFiveStack, construct: IConstruct) =>
  stack.getLogicalId((construct.node.defaultChild ?? construct) as CfnElement);

/** Every function the tables declare, as the stack built it. */
function declaredFunctions(stack: ReelFiveStack): DeclaredFunction[] {
  // Every API function may read the origin-verify secret, which the API itself generates.
  const originSecret = JSON.stringify({ Ref: logicalIdOf(stack, stack.api.originVerifySecret) });
  const isOriginSecret = (statement: PolicyStatement) => JSON.stringify(statement.Resource) === originSecret;
  // The orders stream's event source mapping reads the stream and parks failures in its queue.
  const isStreamSource = (statement: PolicyStatement) =>
    JSON.stringify(statement.Resource).includes('"StreamArn"') ||
    actionsOf(statement).every((action) => action.startsWith('sqs:'));
  return [
    // Every API function also counts per-IP attempts (rateLimits).
    ...apiRoutes.map((route) => ({
      name: `route ${route.name}`,
      fn: stack.api.functionFor(route.name),
      uses: [...route.uses, 'rateLimits' as const],
      // A route that draws (the preview's opening still) finds the renderer's fonts there.
      env: 'decodesImages' in route ? [...apiFunctionEnv, 'RENDER_FONTS_DIR'] : apiFunctionEnv,
      isWiring: isOriginSecret,
    })),
    {
      name: 'API $default',
      fn: stack.api.node.findChild('NotFound') as ReelFiveFunction,
      uses: ['rateLimits'],
      env: apiFunctionEnv,
      isWiring: isOriginSecret,
    },
    ...generationSteps.map((step) => ({
      name: `step ${step.state}`,
      fn: stack.generation.stepFunctions[step.state],
      uses: step.uses,
      // A step that measures text as the renderer draws it finds the renderer's fonts there.
      ...('measuresText' in step && { env: ['RENDER_FONTS_DIR'] }),
      ...('setsPackFormats' in step ? { env: [envNames.packFormats] } : {}),
    })),
    {
      name: 'render',
      fn: stack.generation.renderFunction,
      uses: renderFunction.uses,
      env: ['FFMPEG_PATH', 'FFPROBE_PATH', 'RENDER_FONTS_DIR', 'C2PA_LIBRARY_PATH'],
    },
    { name: 'execution ended', fn: stack.generation.executionEndedFunction, uses: executionEndedFunction.uses },
    {
      name: 'reconciler',
      fn: stack.operations.reconciler,
      uses: opsFunctions.reconciler.uses,
      // For the ops CLI only.
      env: [envNames.videosBucket],
    },
    { name: 'API key renewer', fn: stack.realtime.apiKeyRenewer.function, uses: opsFunctions.apiKeyRenewer.uses },
    {
      name: 'newsletter confirmation sender',
      fn: stack.newsletterConfirmationSender.function,
      uses: opsFunctions.newsletterConfirmationSender.uses,
      isWiring: isStreamSource,
    },
    {
      name: 'order changes publisher',
      fn: stack.orderChangesPublisher.function,
      uses: opsFunctions.orderChangesPublisher.uses,
      isWiring: isStreamSource,
    },
  ];
}

function ownersOf(stack: ReelFiveStack): CapabilityOwners {
  return {
    orders: stack.orders,
    uploads: stack.uploads,
    payments: stack.payments,
    notifications: stack.notifications,
    newsletter: stack.newsletter,
    generation: stack.generation,
    realtime: stack.realtime,
  };
}

/**
 * The stack of these parameters, plus one probe function per capability granted that capability
 * alone, added before the first synth: what each capability grants, on its own.
 */
function withProbes(parameters: StackParameters): BuiltStack & { probes: Record<Capability, ReelFiveFunction> } {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const { stack } = createStacks(app, parameters, { siteDir: testSiteDir(parameters) });
  const owners = ownersOf(stack);
  const probes = Object.fromEntries(
    capabilities.map((capability, index) => {
      const fn = new ReelFiveFunction(stack, `CapabilityProbe${index}`, {
        entry: 'common/not-found.handler.ts',
        timeoutSeconds: 5,
        description: `Probe: ${capability}`,
      });
      grantCapabilities(fn, [capability], owners);
      return [capability, fn];
    }),
  ) as Record<Capability, ReelFiveFunction>;
  return { app, stack, template: Template.fromStack(stack), probes };
}

const json = (statement: PolicyStatement) => JSON.stringify(statement);

/** A role's statements beyond every function's own (its log group, X-Ray). */
function grantedStatements(built: Pick<BuiltStack, 'stack' | 'template'>, fn: ReelFiveFunction): PolicyStatement[] {
  return statementsOf(built, fn).filter(
    (statement) => !actionsOf(statement).every((action) => action.startsWith('logs:') || action.startsWith('xray:')),
  );
}

/** The Stripe key secrets a function's role may read, by secret name. */
function stripeSecretsReadBy(built: Pick<BuiltStack, 'stack' | 'template'>, fn: ReelFiveFunction, names: string[]) {
  const resources = statementsOf(built, fn)
    .filter((statement) => actionsOf(statement).includes('secretsmanager:GetSecretValue'))
    .map((statement) => JSON.stringify(statement.Resource));
  return names.filter((name) => resources.some((resource) => resource.includes(`:secret:${name}-??????`)));
}

function environmentOf(built: Pick<BuiltStack, 'stack' | 'template'>, fn: ReelFiveFunction): Record<string, unknown> {
  return built.template.toJSON().Resources[logicalIdOf(built.stack, fn)].Properties.Environment.Variables;
}

// A deployed stage with a video model, so the footage capability grants what it grants there.
const prod = withProbes(
  testParameters({
    footageModel: 'veo-3.1-lite-generate-preview',
    footageApiKeySecretName: 'reelfive/prod/footage-api-key',
  }),
);
const declared = declaredFunctions(prod.stack);

describe('the capability vocabulary', () => {
  it('has no capability that no function uses', () => {
    const used = new Set(declared.flatMap((entry) => entry.uses));

    expect(capabilities.filter((capability) => !used.has(capability))).toEqual([]);
  });

  it('has a grant for every capability, and each grants something on a stage with Bedrock and Polly', () => {
    expect(Object.keys(capabilityGrants).sort()).toEqual([...capabilities].sort());
    for (const capability of capabilities) {
      // copywriterName tells the stage's writer (an environment variable) and grants no access.
      if (capability === 'copywriterName') continue;
      expect(grantedStatements(prod, prod.probes[capability]), capability).not.toEqual([]);
    }
  });

  it('grants rateLimits through the grant of its own name, Orders.grantRateLimits', () => {
    // Prepare
    const built = buildStack();
    const granted = vi.spyOn(built.stack.orders, 'grantRateLimits');
    const fn = new ReelFiveFunction(built.stack, 'RateLimitsProbe', {
      entry: 'common/not-found.handler.ts',
      timeoutSeconds: 5,
      description: 'Probe: rateLimits',
    });

    // Act
    grantCapabilities(fn, ['rateLimits'], ownersOf(built.stack));

    // Assess
    expect(granted).toHaveBeenCalledWith(fn);
  });

  it('declares every function of the stack in a table', () => {
    const functions = prod.stack.node
      .findAll()
      .filter((construct) => construct instanceof ReelFiveFunction)
      .filter((fn) => !Object.values(prod.probes).includes(fn as ReelFiveFunction));

    expect(functions.map((fn) => fn.node.path).sort()).toEqual(declared.map((entry) => entry.fn.node.path).sort());
  });

  it('gives the execution-ended function what the failure steps it runs may do', () => {
    const failureUses = generationSteps.filter((step) => step.path === 'failure').flatMap((step) => step.uses);

    expect([...executionEndedFunction.uses].sort()).toEqual([...new Set(failureUses)].sort());
  });
});

describe.each(declared.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
  it('has exactly the IAM statements its capabilities grant', () => {
    // Prepare
    const expected = new Set(
      entry.uses.flatMap((capability) => grantedStatements(prod, prod.probes[capability]).map(json)),
    );
    const isWiring = entry.isWiring ?? (() => false);

    // Act
    const actual = new Set(
      grantedStatements(prod, entry.fn)
        .filter((statement) => !isWiring(statement))
        .map(json),
    );

    // Assess
    expect([...actual].sort()).toEqual([...expected].sort());
  });

  it('has exactly the environment its capabilities set', () => {
    const variables = Object.keys(environmentOf(prod, entry.fn));

    expect(variables.sort()).toEqual(
      [...new Set([...everyFunctionEnv, ...envOf(entry.uses), ...(entry.env ?? [])])].sort(),
    );
  });
});

describe('the delivery time the emails say', () => {
  it("is the stage's: with Veo 3.1 Lite, the engine's minute, the clip's and one poll", () => {
    const senders = declared.filter((entry) => entry.uses.includes('mail'));

    expect(senders.length).toBeGreaterThan(0);
    for (const entry of senders) {
      expect(environmentOf(prod, entry.fn)[envNames.deliverySeconds], entry.name).toBe(
        String(deliverySeconds('veo-3.1-lite-generate-preview')),
      );
    }
  });
});

describe('Stripe keys', () => {
  const oneKey = 'reelfive/prod/stripe-secret-key';
  const restricted: Record<StripeKeyCapability, string> = {
    'stripe:checkout': 'reelfive/prod/stripe-checkout-key',
    'stripe:read': 'reelfive/prod/stripe-read-key',
    'stripe:refund': 'reelfive/prod/stripe-refund-key',
  };
  const everyKey = [oneKey, ...Object.values(restricted)];
  const stripeUsesOf = (entry: DeclaredFunction) => entry.uses.filter(isStripeKeyCapability);
  const stripeFunctions = declared.filter((entry) => stripeUsesOf(entry).length > 0);

  it('are used by the functions that call Stripe, each for what its code does', () => {
    expect(Object.fromEntries(stripeFunctions.map((entry) => [entry.name, stripeUsesOf(entry)]))).toEqual({
      'route CreateOrder': ['stripe:checkout'],
      'route GetOrder': ['stripe:read'],
      'route CancelOrder': ['stripe:checkout'],
      'route StripeWebhook': ['stripe:checkout', 'stripe:refund'],
      'step Refund': ['stripe:refund'],
      'execution ended': ['stripe:refund'],
      reconciler: ['stripe:checkout', 'stripe:refund'],
    });
  });

  it('without restricted keys, every Stripe function reads the one secret key, named once per use', () => {
    for (const entry of stripeFunctions) {
      const variables = environmentOf(prod, entry.fn);

      expect(stripeSecretsReadBy(prod, entry.fn, everyKey), entry.name).toEqual([oneKey]);
      for (const use of stripeUsesOf(entry)) expect(variables[stripeKeySecretNameEnv[use]], entry.name).toBe(oneKey);
    }
  });

  it('no other function reads a Stripe key', () => {
    for (const entry of declared.filter((candidate) => !stripeFunctions.includes(candidate))) {
      expect(stripeSecretsReadBy(prod, entry.fn, everyKey), entry.name).toEqual([]);
    }
  });

  describe('with a restricted key for each use', () => {
    const built = withProbes(
      testParameters({
        stripeCheckoutKeySecretName: restricted['stripe:checkout'],
        stripeReadKeySecretName: restricted['stripe:read'],
        stripeRefundKeySecretName: restricted['stripe:refund'],
      }),
    );
    const functions = declaredFunctions(built.stack);

    it('CreateOrder may read the checkout key and neither the refund key nor the secret key', () => {
      const createOrder = built.stack.api.functionFor('CreateOrder');

      expect(stripeSecretsReadBy(built, createOrder, everyKey)).toEqual([restricted['stripe:checkout']]);
      expect(environmentOf(built, createOrder)[envNames.stripeCheckoutKeySecretName]).toBe(
        restricted['stripe:checkout'],
      );
    });

    it('every function reads the keys of its own uses and no other', () => {
      for (const entry of functions) {
        const own = stripeUsesOf(entry).map((use) => restricted[use]);

        expect(stripeSecretsReadBy(built, entry.fn, everyKey).sort(), entry.name).toEqual([...new Set(own)].sort());
      }
    });

    it('names each use’s key in its own variable', () => {
      for (const entry of functions) {
        const variables = environmentOf(built, entry.fn);

        for (const use of stripeUsesOf(entry)) {
          expect(variables[stripeKeySecretNameEnv[use]], entry.name).toBe(restricted[use]);
        }
      }
    });
  });

  it('falls back to the secret key for each use without a restricted key', () => {
    // Prepare
    const built = withProbes(testParameters({ stripeRefundKeySecretName: restricted['stripe:refund'] }));

    // Act
    const readers = (fn: ReelFiveFunction) => stripeSecretsReadBy(built, fn, everyKey).sort();

    // Assess
    expect(readers(built.stack.generation.stepFunctions.Refund)).toEqual([restricted['stripe:refund']]);
    expect(readers(built.stack.api.functionFor('GetOrder'))).toEqual([oneKey]);
    expect(readers(built.stack.operations.reconciler)).toEqual([oneKey, restricted['stripe:refund']].sort());
  });

  describe('synth warning', () => {
    const warningsOf = (parameters: StackParameters) => {
      const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
      const { stack } = createStacks(app, parameters, { siteDir: testSiteDir(parameters) });
      return Annotations.fromStack(stack)
        .findWarning('*', Match.anyValue())
        .filter((warning) => String(warning.entry.data).includes(unrestrictedStripeKeysWarning))
        .map((warning) => String(warning.entry.data));
    };

    it('tells whoever synthesizes prod which uses still share the one secret key, and how to fix it', () => {
      // Act
      const warnings = warningsOf(testParameters({ stripeReadKeySecretName: restricted['stripe:read'] }));

      // Assess
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`stripe:checkout, stripe:refund use the one Stripe key of ${oneKey}`);
      expect(warnings[0]).toContain('set stripeCheckoutKeySecretName, stripeRefundKeySecretName');
      expect(warnings[0]).toContain('docs/deploy.md, "Stripe keys"');
    });

    it('is silent for prod with a restricted key for every use', () => {
      const warnings = warningsOf(
        testParameters({
          stripeCheckoutKeySecretName: restricted['stripe:checkout'],
          stripeReadKeySecretName: restricted['stripe:read'],
          stripeRefundKeySecretName: restricted['stripe:refund'],
        }),
      );

      expect(warnings).toEqual([]);
    });

    it('is silent for staging, which may use one test-mode key', () => {
      expect(warningsOf(testParameters({ stage: 'staging' }))).toEqual([]);
    });
  });
});

describe('the revision route', () => {
  it('may read each order’s kept render request and no other object of the videos bucket', () => {
    // Prepare
    const videos = logicalIdOf(prod.stack, prod.stack.uploads.videosBucket);
    const fn = prod.stack.api.functionFor('RequestRevision');

    // Act
    const onVideos = grantedStatements(prod, fn).filter((statement) => json(statement).includes(videos));

    // Assess: GetObject on `*/render-request.json`; ListBucket so a missing one is a 404, not a 403
    expect(onVideos.map((statement) => [actionsOf(statement), statement.Resource])).toEqual([
      [['s3:GetObject'], { 'Fn::Join': ['', [{ 'Fn::GetAtt': [videos, 'Arn'] }, '/*/render-request.json']] }],
      [['s3:ListBucket'], { 'Fn::GetAtt': [videos, 'Arn'] }],
    ]);
  });
});
