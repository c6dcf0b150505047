// The content guardrail in the stack: one denied topic per prohibited category of the terms
// (shared/prohibited-content.ts), the managed filters those categories name, a published
// version, and ApplyGuardrail on that guardrail only for exactly the functions that check content.
import type { CfnElement } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { generationSteps } from '#shared/generation-steps.ts';
import {
  guardrailContentFilters,
  guardrailTopicName,
  type ProhibitedCategory,
  prohibitedCategories,
} from '#shared/prohibited-content.ts';
import { apiRoutes } from '#shared/routes.ts';
import { envNames } from '#shared/runtime-env.ts';
import { buildStack, type CfnResource, resourceNamed, statementsOf } from './stack.ts';

const built = buildStack();
const { stack, template } = built;
const [guardrailId, guardrail] = resourceNamed(template, 'AWS::Bedrock::Guardrail', 'GenerationContentGuardrail');
const [versionId, version] = resourceNamed(template, 'AWS::Bedrock::GuardrailVersion', 'GenerationContentGuardrail');

const checkingFunctions: string[] = [
  ...apiRoutes
    .filter((route) => (route.uses as readonly string[]).includes('contentCheck'))
    .map((route) => route.entry),
  ...generationSteps.filter((step) => (step.uses as readonly string[]).includes('contentCheck')).map((s) => s.entry),
];

function functionsOf(): { entry: string; logicalId: string; fn: Parameters<typeof statementsOf>[1] }[] {
  const steps = Object.entries(stack.generation.stepFunctions).map(([state, fn]) => ({
    entry: generationSteps.find((step) => step.state === state)?.entry ?? state,
    fn,
  }));
  const routes = apiRoutes.map((route) => ({
    entry: route.entry,
    fn: stack.api.functionFor(route.name as Parameters<typeof stack.api.functionFor>[0]),
  }));
  return [...steps, ...routes].map(({ entry, fn }) => ({
    entry,
    fn,
    logicalId: stack.getLogicalId(fn.node.defaultChild as CfnElement),
  }));
}

describe('the content guardrail', () => {
  it('denies one topic per prohibited category, named so a verdict leads back to it', () => {
    const topics = guardrail.Properties.TopicPolicyConfig.TopicsConfig as {
      Name: string;
      Definition: string;
      Examples: string[];
      Type: string;
    }[];

    expect(topics.map((topic) => topic.Name)).toEqual(prohibitedCategories.map((c) => guardrailTopicName(c)));
    for (const [index, category] of (prohibitedCategories as readonly ProhibitedCategory[]).entries()) {
      expect(topics[index]).toEqual({
        Name: guardrailTopicName(category),
        Definition: category.definition,
        Examples: category.examples,
        Type: 'DENY',
      });
    }
  });

  it("keeps to Bedrock's limits for denied topics (classic tier), which CloudFormation would refuse at deploy", () => {
    const topics = guardrail.Properties.TopicPolicyConfig.TopicsConfig as {
      Name: string;
      Definition: string;
      Examples: string[];
    }[];

    expect(topics.length).toBeLessThanOrEqual(30);
    for (const topic of topics) {
      expect(topic.Name).toMatch(/^[0-9a-zA-Z\-_ !?.]{1,100}$/);
      expect(topic.Definition.length).toBeLessThanOrEqual(200);
      expect(topic.Examples.length).toBeLessThanOrEqual(5);
      for (const example of topic.Examples) expect(example.length).toBeLessThanOrEqual(100);
    }
  });

  it('filters sex, hate and violence on the input at medium strength, and never judges an output', () => {
    expect(guardrail.Properties.ContentPolicyConfig.FiltersConfig).toEqual(
      guardrailContentFilters.map((type) => ({ Type: type, InputStrength: 'MEDIUM', OutputStrength: 'NONE' })),
    );
    expect(guardrail.Properties.BlockedInputMessaging).toBeTruthy();
  });

  it('is published as a version of itself', () => {
    expect(version.Properties.GuardrailIdentifier).toEqual({ 'Fn::GetAtt': [guardrailId, 'GuardrailId'] });
    expect(version.Properties.Description).toMatch(/^Prohibited content policy [0-9a-f]{12}$/);
  });

  it('lets the preview, AnalyzeWebsite and the revision request apply that guardrail, and no other function, with its id and version', () => {
    expect(checkingFunctions.sort()).toEqual(
      [
        'generation/analyze-website.handler.ts',
        'generation/preview/create-preview.handler.ts',
        'orders/request-revision.handler.ts',
      ].sort(),
    );
    const resources = template.toJSON().Resources as Record<string, CfnResource>;
    for (const { entry, fn, logicalId } of functionsOf()) {
      const applying = statementsOf(built, fn).filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('bedrock:ApplyGuardrail')),
      );
      const variables = resources[logicalId]?.Properties.Environment?.Variables ?? {};
      if (!checkingFunctions.includes(entry)) {
        expect(applying, entry).toEqual([]);
        expect(variables[envNames.contentGuardrailId], entry).toBeUndefined();
        continue;
      }
      expect(applying, entry).toEqual([
        {
          Action: 'bedrock:ApplyGuardrail',
          Effect: 'Allow',
          Resource: { 'Fn::GetAtt': [guardrailId, 'GuardrailArn'] },
        },
      ]);
      expect(variables[envNames.contentGuardrailId]).toEqual({ 'Fn::GetAtt': [versionId, 'GuardrailId'] });
      expect(variables[envNames.contentGuardrailVersion]).toEqual({ 'Fn::GetAtt': [versionId, 'Version'] });
    }
  });
});
