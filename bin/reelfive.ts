// The CDK app: `npx cdk deploy --all -c stage=staging|prod` (the stage's us-east-1 edge stack, then
// its site stack). Stage parameters come from cdk.json (`reelfive:stages`) and `-c <name>=<value>`;
// cdk-nag's AWS Solutions checks fail the synth on any unacknowledged finding, in both stacks.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createStacks } from '#lib/app.ts';
import { parseStackParameters } from '#lib/stack-parameters.ts';

// The CLI bundles the Lambdas on every synth and lets no `-c aws:*` through to say otherwise. Tests
// that only read the template set REELFIVE_SKIP_BUNDLING=1 to save the bundling time; such a
// template must never be deployed: its functions would point at the unbundled project directory.
const skipBundling = process.env.REELFIVE_SKIP_BUNDLING === '1';
const app = new App(skipBundling ? { postCliContext: { 'aws:cdk:bundling-stacks': [] } } : {});
createStacks(app, parseStackParameters(app.node));
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
