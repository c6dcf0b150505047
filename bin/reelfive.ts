// The CDK app: `npx cdk deploy -c stage=staging|prod`. Stage parameters come from cdk.json
// (`reelfive:stages`); cdk-nag's AWS Solutions checks fail the synth on any unacknowledged finding.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createStacks } from '../lib/app.ts';
import { parseStackParameters } from '../lib/stack-parameters.ts';

const app = new App();
createStacks(app, parseStackParameters(app.node));
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
