// Stripe's credentials: the secret API key and the webhook signing secret, stored in Secrets
// Manager by hand per stage (names from the stack parameters) and read by name at run time.
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { envNames } from '#shared/runtime-env.ts';

export interface PaymentsProps {
  stripeSecretName: string;
  stripeWebhookSecretName: string;
}

export class Payments extends Construct {
  private readonly stripeSecret: ISecret;
  private readonly stripeWebhookSecret: ISecret;
  private readonly names: PaymentsProps;

  constructor(scope: Construct, id: string, props: PaymentsProps) {
    super(scope, id);
    this.names = props;
    this.stripeSecret = Secret.fromSecretNameV2(this, 'StripeSecret', props.stripeSecretName);
    this.stripeWebhookSecret = Secret.fromSecretNameV2(this, 'StripeWebhookSecret', props.stripeWebhookSecretName);
  }

  /** Call Stripe's API (checkout sessions, refunds). */
  grantStripeSecret(fn: ReelFiveFunction): void {
    this.stripeSecret.grantRead(fn);
    fn.addEnvironment(envNames.stripeSecretName, this.names.stripeSecretName);
  }

  /** Verify webhook signatures. */
  grantWebhookSecret(fn: ReelFiveFunction): void {
    this.stripeWebhookSecret.grantRead(fn);
    fn.addEnvironment(envNames.stripeWebhookSecretName, this.names.stripeWebhookSecretName);
  }
}
