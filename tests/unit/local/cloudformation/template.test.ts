import { describe, expect, it } from 'vitest';
import {
  functionEnvironment,
  physicalName,
  resolveIntrinsics,
  resourcesOfType,
  stateMachineDefinition,
} from '#local/cloudformation/template.ts';

/** CloudFormation's `${Name}` placeholder, written without a template-looking string literal. */
const placeholder = (name: string) => `\${${name}}`;

// Shaped like `cdk synth` output: TableV2, a bucket, two NodejsFunctions and a state machine whose
// DefinitionString is an Fn::Join around Fn::GetAtt of the functions.
const template = {
  Parameters: {
    Stage: { Type: 'String', Default: 'local' },
  },
  Conditions: {
    IsProd: { 'Fn::Equals': [{ Ref: 'Stage' }, 'prod'] },
    IsNotProd: { 'Fn::Not': [{ Condition: 'IsProd' }] },
  },
  Resources: {
    OrdersTable7AC0F4B5: { Type: 'AWS::DynamoDB::GlobalTable', Properties: { KeySchema: [] } },
    NamedTable: {
      Type: 'AWS::DynamoDB::Table',
      Properties: { TableName: { 'Fn::Sub': `${placeholder('AWS::StackName')}-named` } },
    },
    AdImagesBucket1A2B3C4D: { Type: 'AWS::S3::Bucket', Properties: {} },
    ProdOnlyBucket: { Type: 'AWS::S3::Bucket', Condition: 'IsProd', Properties: {} },
    MarkProcessingFn12AB34CD: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Environment: {
          Variables: {
            ORDERS_TABLE: { Ref: 'OrdersTable7AC0F4B5' },
            ORDERS_TABLE_ARN: { 'Fn::GetAtt': ['OrdersTable7AC0F4B5', 'Arn'] },
            IMAGES_BUCKET: { Ref: 'AdImagesBucket1A2B3C4D' },
            MACHINE_ARN: { Ref: 'GenerationMachineAB12CD34' },
            STAGE_LABEL: { 'Fn::If': ['IsNotProd', 'twin', 'aws'] },
            OPTIONAL: { 'Fn::If': ['IsProd', 'set', { Ref: 'AWS::NoValue' }] },
            DEBUG_PORT: 9229,
          },
        },
      },
    },
    DeliverFn98ZY76XW: { Type: 'AWS::Lambda::Function', Properties: {} },
    GenerationMachineAB12CD34: {
      Type: 'AWS::StepFunctions::StateMachine',
      Properties: {
        DefinitionString: {
          'Fn::Join': [
            '',
            [
              '{"StartAt":"MarkProcessing","States":{"MarkProcessing":{"Next":"Deliver","Type":"Task","Resource":"',
              { 'Fn::GetAtt': ['MarkProcessingFn12AB34CD', 'Arn'] },
              '"},"Deliver":{"End":true,"Type":"Task","Resource":"arn:',
              { Ref: 'AWS::Partition' },
              ':states:::lambda:invoke","Parameters":{"FunctionName":"',
              { 'Fn::GetAtt': ['DeliverFn98ZY76XW', 'Arn'] },
              '","Payload.$":"$"}}},"TimeoutSeconds":900}',
            ],
          ],
        },
      },
    },
  },
};

describe('reading a synthesized CloudFormation template', () => {
  it('resolves pseudo parameters to the twin account, region and stack', () => {
    // Prepare
    const ctx = { template };

    // Act
    const resolved = resolveIntrinsics(
      {
        region: { Ref: 'AWS::Region' },
        account: { Ref: 'AWS::AccountId' },
        partition: { Ref: 'AWS::Partition' },
        suffix: { Ref: 'AWS::URLSuffix' },
        stack: { Ref: 'AWS::StackName' },
      },
      ctx,
    );

    // Assess
    expect(resolved).toEqual({
      region: 'us-east-1',
      account: '000000000000',
      partition: 'aws',
      suffix: 'amazonaws.com',
      stack: 'reelfive-local',
    });
  });

  it('turns Ref and GetAtt Arn into names and ARNs of the right service', () => {
    // Act
    const resolved = resolveIntrinsics(
      [
        { Ref: 'OrdersTable7AC0F4B5' },
        { 'Fn::GetAtt': ['OrdersTable7AC0F4B5', 'Arn'] },
        { Ref: 'GenerationMachineAB12CD34' },
        { 'Fn::GetAtt': 'MarkProcessingFn12AB34CD.Arn' },
        { 'Fn::GetAtt': ['AdImagesBucket1A2B3C4D', 'Arn'] },
        { 'Fn::GetAtt': ['AdImagesBucket1A2B3C4D', 'RegionalDomainName'] },
        { 'Fn::GetAtt': ['DeliverFn98ZY76XW', 'SnapStartResponse.ApplyOn'] },
      ],
      { template },
    );

    // Assess
    expect(resolved).toEqual([
      'OrdersTable7AC0F4B5',
      'arn:aws:dynamodb:us-east-1:000000000000:table/OrdersTable7AC0F4B5',
      'arn:aws:states:us-east-1:000000000000:stateMachine:GenerationMachineAB12CD34',
      'arn:aws:lambda:us-east-1:000000000000:function:MarkProcessingFn12AB34CD',
      'arn:aws:s3:::adimagesbucket1a2b3c4d',
      'adimagesbucket1a2b3c4d.s3.us-east-1.amazonaws.com',
      'DeliverFn98ZY76XW.SnapStartResponse.ApplyOn',
    ]);
  });

  it('evaluates Join, Sub in both forms, Select and Split', () => {
    // Act
    const resolved = resolveIntrinsics(
      {
        join: { 'Fn::Join': ['/', ['a', { Ref: 'AWS::Region' }, 'c']] },
        sub: { 'Fn::Sub': `arn:${placeholder('AWS::Partition')}:s3:::${placeholder('AdImagesBucket1A2B3C4D')}/*` },
        subWithVariables: {
          'Fn::Sub': [
            `${placeholder('Name')}@${placeholder('OrdersTable7AC0F4B5.Arn')} ${placeholder('!Literal')}`,
            { Name: { Ref: 'AWS::AccountId' } },
          ],
        },
        select: { 'Fn::Select': [1, { 'Fn::Split': [',', 'zero,one,two'] }] },
      },
      { template },
    );

    // Assess
    expect(resolved).toEqual({
      join: 'a/us-east-1/c',
      sub: 'arn:aws:s3:::adimagesbucket1a2b3c4d/*',
      subWithVariables: `000000000000@arn:aws:dynamodb:us-east-1:000000000000:table/OrdersTable7AC0F4B5 ${placeholder('Literal')}`,
      select: 'one',
    });
  });

  it('uses the parameter values it is given for conditions and Refs', () => {
    // Act
    const resolved = resolveIntrinsics(
      { stage: { Ref: 'Stage' }, label: { 'Fn::If': ['IsProd', 'aws', 'twin'] } },
      { template, parameters: { Stage: 'prod' } },
    );

    // Assess
    expect(resolved).toEqual({ stage: 'prod', label: 'aws' });
  });

  it('refuses intrinsics it cannot evaluate instead of guessing', () => {
    // Act
    const resolve = () => resolveIntrinsics({ 'Fn::ImportValue': 'shared-vpc' }, { template });

    // Assess
    expect(resolve).toThrow(/Fn::ImportValue/);
  });

  it('names tables and state machines by logical id, buckets as valid S3 names, and honours explicit names', () => {
    // Act
    const names = [
      physicalName(template, 'OrdersTable7AC0F4B5'),
      physicalName(template, 'GenerationMachineAB12CD34'),
      physicalName(template, 'AdImagesBucket1A2B3C4D'),
      physicalName(template, 'NamedTable'),
    ];

    // Assess
    expect(names).toEqual([
      'OrdersTable7AC0F4B5',
      'GenerationMachineAB12CD34',
      'adimagesbucket1a2b3c4d',
      'reelfive-local-named',
    ]);
  });

  it('truncates a long bucket logical id to 63 characters', () => {
    // Prepare
    const longId = `VeryLongBucketName${'X'.repeat(80)}`;
    const withLongBucket = { Resources: { [longId]: { Type: 'AWS::S3::Bucket' } } };

    // Act
    const name = physicalName(withLongBucket, longId);

    // Assess
    expect(name).toHaveLength(63);
    expect(name).toMatch(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/);
  });

  it('lists resources of a type, leaving out those whose condition is false', () => {
    // Act
    const buckets = Object.keys(resourcesOfType(template, 'AWS::S3::Bucket'));
    const tables = Object.keys(resourcesOfType(template, 'AWS::DynamoDB::GlobalTable'));

    // Assess
    expect(buckets).toEqual(['AdImagesBucket1A2B3C4D']);
    expect(tables).toEqual(['OrdersTable7AC0F4B5']);
  });

  it("gives a function's environment with every value resolved to a string and NoValue dropped", () => {
    // Act
    const environment = functionEnvironment(template, 'MarkProcessingFn12AB34CD');

    // Assess
    expect(environment).toEqual({
      ORDERS_TABLE: 'OrdersTable7AC0F4B5',
      ORDERS_TABLE_ARN: 'arn:aws:dynamodb:us-east-1:000000000000:table/OrdersTable7AC0F4B5',
      IMAGES_BUCKET: 'adimagesbucket1a2b3c4d',
      MACHINE_ARN: 'arn:aws:states:us-east-1:000000000000:stateMachine:GenerationMachineAB12CD34',
      STAGE_LABEL: 'twin',
      DEBUG_PORT: '9229',
    });
  });

  it('parses the state machine ASL and maps each Task state to the Lambda it calls', () => {
    // Act
    const machine = stateMachineDefinition(template);

    // Assess
    expect(machine.name).toBe('GenerationMachineAB12CD34');
    expect(machine.arn).toBe('arn:aws:states:us-east-1:000000000000:stateMachine:GenerationMachineAB12CD34');
    expect(machine.definition.StartAt).toBe('MarkProcessing');
    expect(machine.definition.TimeoutSeconds).toBe(900);
    expect(machine.definition.States.Deliver?.Resource).toBe('arn:aws:states:::lambda:invoke');
    expect(machine.taskFunctions).toEqual({ MarkProcessing: 'MarkProcessingFn12AB34CD', Deliver: 'DeliverFn98ZY76XW' });
  });
});
