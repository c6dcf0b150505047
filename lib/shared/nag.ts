// cdk-nag reports each IAM wildcard as its own finding, named after the flattened resource
// (`AwsSolutions-IAM5[Resource::<Bucket.Arn>/*]`). Acknowledging that exact finding keeps any
// other wildcard on the same role reported.
import { Stack, Validations } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  // cdk-nag's own flattening, so the id matches what it reports for this resource token.
  const finding = flattenCfnReference(Stack.of(scope).resolve(resource));
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${finding}]`, reason });
}
