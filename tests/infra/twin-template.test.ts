// What the local twin reads from synthesizeTwinTemplate(): tables, buckets, the ASL and each
// function's Environment, all in forms its small resolver handles.
import { describe, expect, it } from 'vitest';
import { synthesizeTwinTemplate } from '#lib/app.ts';
import { generationSteps } from '#shared/generation-steps.ts';
import { apiRoutes } from '#shared/routes.ts';
import { envNames } from '#shared/runtime-env.ts';

const template = synthesizeTwinTemplate();
// biome-ignore lint/suspicious/noExplicitAny: CloudFormation resources are free-form JSON
const resources = template.Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

describe('twin template', () => {
  it('is the local stage’s stack with its four tables and the two file buckets', () => {
    expect(ofType('AWS::DynamoDB::GlobalTable').map(([id]) => id.replace(/[0-9A-F]{8}$/, ''))).toEqual([
      'OrdersOrdersTable',
      'OrdersRateLimitsTable',
      'OrdersEventsTable',
      'NewsletterSubscribersTable',
    ]);
    const buckets = ofType('AWS::S3::Bucket').map(([id]) => id);
    expect(buckets.some((id) => id.startsWith('UploadsAdImagesBucket'))).toBe(true);
    expect(buckets.some((id) => id.startsWith('UploadsVideosBucket'))).toBe(true);
  });

  it('has a function per route, $default, each generation step, the six background functions and CDK’s bucket emptier', () => {
    // Render, ExecutionEnded, the order-changes publisher, the newsletter's confirmation sender, the
    // reconciler and the API-key renewer; CDK's auto-delete handler empties the buckets of a stage
    // that does not keep its data.
    expect(ofType('AWS::Lambda::Function')).toHaveLength(apiRoutes.length + 1 + generationSteps.length + 6 + 1);
  });

  it('writes every environment value as a string, or a Ref to or an attribute of a resource in the template', () => {
    // CDK's own handlers (the bucket emptier) have no environment.
    for (const [, fn] of ofType('AWS::Lambda::Function').filter(([, fn]) => fn.Properties.Environment)) {
      for (const [name, value] of Object.entries(fn.Properties.Environment.Variables as Record<string, unknown>)) {
        // The twin points the stream publisher at its own AppSync Events emulator.
        if (typeof value === 'string' || name === envNames.eventsHttpEndpoint) continue;
        // An attribute: the content guardrail's id and version, which the twin's stand-in is started with.
        const ref =
          (value as { Ref?: string }).Ref ?? (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0];
        expect(ref && resources[ref]).toBeTruthy();
      }
    }
  });

  it('writes the ASL as strings joined with function ARNs only', () => {
    const [[, machine] = []] = ofType('AWS::StepFunctions::StateMachine');
    const parts = machine?.Properties.DefinitionString['Fn::Join'][1] as unknown[];

    for (const part of parts) {
      if (typeof part === 'string') continue;
      const [logicalId, attribute] = (part as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
      expect(attribute).toBe('Arn');
      expect(resources[logicalId]?.Type).toBe('AWS::Lambda::Function');
    }
  });
});
