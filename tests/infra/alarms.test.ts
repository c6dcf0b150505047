// Every CloudWatch alarm of both stacks is built by lib/alarms/ops-alarm.ts: one evaluation
// period, missing data stated, an action that mails ops, and a description that names its runbook
// entry and its stack. An alarm built any other way (new Alarm, metric.createAlarm, CfnAlarm)
// fails here, by its source and by its synthesized shape.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStack, type CfnResource } from './stack.ts';

const { template, edgeTemplate } = buildStack();
const root = join(import.meta.dirname, '../..');
const helper = 'lib/alarms/ops-alarm.ts';

const alarmsOf = (found: Record<string, CfnResource>, stack: string) =>
  Object.entries(found).map(([id, alarm]) => ({ id: `${stack}/${id}`, properties: alarm.Properties }));
const alarms = [
  ...alarmsOf(template.findResources('AWS::CloudWatch::Alarm') as Record<string, CfnResource>, 'site'),
  ...alarmsOf((edgeTemplate?.findResources('AWS::CloudWatch::Alarm') ?? {}) as Record<string, CfnResource>, 'edge'),
];

describe('every alarm', () => {
  it('is found in both stacks', () => {
    expect(alarms.some((alarm) => alarm.id.startsWith('site/Alarms'))).toBe(true);
    expect(alarms.some((alarm) => alarm.id.startsWith('site/Operations'))).toBe(true);
    expect(alarms.some((alarm) => alarm.id.startsWith('edge/'))).toBe(true);
  });

  it("has the helper's shape: one period, missing data stated, one topic to mail, its runbook entry and stack named", () => {
    const unlike = alarms
      .filter(
        ({ properties }) =>
          properties.EvaluationPeriods !== 1 ||
          !['notBreaching', 'breaching'].includes(properties.TreatMissingData) ||
          properties.AlarmActions?.length !== 1 ||
          properties.AlarmActions[0]?.Ref === undefined ||
          !/ Runbook: docs\/runbook\.md, Ops runbook, "[^"]+" \(stack [^)]+\)\.$/.test(properties.AlarmDescription),
      )
      .map(({ id }) => id);

    expect(unlike).toEqual([]);
  });

  it('is built in lib/ only through the helper', () => {
    const builtElsewhere = readdirSync(join(root, 'lib'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => relative(root, join(entry.parentPath, entry.name)))
      .filter((file) => file !== helper)
      .filter((file) =>
        /\bnew\s+(?:\w+\.)?(?:Alarm|CfnAlarm|CompositeAlarm|CfnCompositeAlarm)\s*\(|\.createAlarm\s*\(/.test(
          readFileSync(join(root, file), 'utf8'),
        ),
      );

    expect(builtElsewhere).toEqual([]);
  });
});
