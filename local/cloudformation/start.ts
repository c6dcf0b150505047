// The stack as the twin deploys it: the template `createStacks()` synthesizes (lib/app.ts, the
// stage `local`), which every emulator reads its resources from (template.ts), and the environment
// the template gives its functions, merged, with Refs resolved to the twin's names. Nothing runs,
// so there is nothing to stop.
import { synthesizeTwinTemplate } from '#lib/app.ts';
import { type CloudFormationTemplate, functionEnvironment, resourcesOfType } from './template.ts';

export interface DeployedStack {
  template: CloudFormationTemplate;
  /** Every function's environment variables in one record (one value per name across the stack). */
  functionEnvironment: Record<string, string>;
}

export function start(): DeployedStack {
  const template = synthesizeTwinTemplate();
  const environment: Record<string, string> = {};
  for (const logicalId of Object.keys(resourcesOfType(template, 'AWS::Lambda::Function'))) {
    Object.assign(environment, functionEnvironment(template, logicalId));
  }
  return { template, functionEnvironment: environment };
}

/** A value the template must give its functions; the twin cannot start without it. */
export function requireValue(env: Record<string, string>, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`The synthesized template gives no ${name}`);
  return value;
}
