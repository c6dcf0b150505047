// The stage's content guardrail (Amazon Bedrock Guardrails): one denied topic per category of
// shared/prohibited-content.ts and the managed content filters those categories name. The preview
// and AnalyzeWebsite call it with ApplyGuardrail (lambdas/generation/website/content-check.ts) on
// a published version, so a console edit of the draft never changes what production refuses.
import { createHash } from 'node:crypto';
import { Stack } from 'aws-cdk-lib';
import { CfnGuardrail, CfnGuardrailVersion } from 'aws-cdk-lib/aws-bedrock';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import {
  guardrailContentFilters,
  guardrailTopicName,
  type ProhibitedCategory,
  prohibitedCategories,
} from '#shared/prohibited-content.ts';
import { envNames } from '#shared/runtime-env.ts';

/**
 * MEDIUM: a page plainly about sex, hate or violence is refused; a gym, a knife sharpener's
 * kitchen knives or lingerie copy with LOW-confidence hits is not (HIGH would refuse those too).
 */
const filterStrength = 'MEDIUM';

/** Never shown to a buyer (the product words its own refusal); it only has to be set. */
const blockedMessage = 'This content is not allowed by the ReelFive terms.';

export class ContentGuardrail extends Construct {
  readonly guardrail: CfnGuardrail;
  readonly version: CfnGuardrailVersion;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const topicPolicyConfig = {
      topicsConfig: (prohibitedCategories as readonly ProhibitedCategory[]).map((category) => ({
        name: guardrailTopicName(category),
        definition: category.definition,
        examples: [...category.examples],
        type: 'DENY',
      })),
    };
    const contentPolicyConfig = {
      // Only the input side: ApplyGuardrail is called with source INPUT, and no model answers here.
      filtersConfig: guardrailContentFilters.map((type) => ({
        type,
        inputStrength: filterStrength,
        outputStrength: 'NONE',
      })),
    };
    this.guardrail = new CfnGuardrail(this, 'Guardrail', {
      name: `${Stack.of(this).stackName}-content`,
      description: 'Refuses ads for the prohibited content the terms list (shared/prohibited-content.ts)',
      blockedInputMessaging: blockedMessage,
      blockedOutputsMessaging: blockedMessage,
      topicPolicyConfig,
      contentPolicyConfig,
    });
    // A version is a snapshot: its description carries the policy's digest, so a changed list
    // replaces the version (and publishes the new policy) while an unchanged one keeps it.
    const digest = createHash('sha256')
      .update(JSON.stringify({ topicPolicyConfig, contentPolicyConfig }))
      .digest('hex')
      .slice(0, 12);
    this.version = new CfnGuardrailVersion(this, 'Version', {
      guardrailIdentifier: this.guardrail.attrGuardrailId,
      description: `Prohibited content policy ${digest}`,
    });
  }

  /** Check content against this guardrail's published version, and nothing else of Bedrock. */
  grantApply(fn: ReelFiveFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['bedrock:ApplyGuardrail'], resources: [this.guardrail.attrGuardrailArn] }),
    );
    fn.addEnvironment(envNames.contentGuardrailId, this.version.attrGuardrailId);
    fn.addEnvironment(envNames.contentGuardrailVersion, this.version.attrVersion);
  }
}
