// Stripe's credentials: the API keys and the webhook signing secret, stored in Secrets Manager by
// hand per stage (names from the stack parameters) and read by name at run time. Each way of using
// Stripe (shared/capabilities.ts) reads its own restricted key when the stage has one.
import { Annotations } from 'aws-cdk-lib';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { PaymentsGrants } from '#lib/shared/grants.ts';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { type StripeKeyCapability, stripeKeyCapabilities, stripeKeySecretNameEnv } from '#shared/capabilities.ts';
import { envNames } from '#shared/runtime-env.ts';

export interface PaymentsProps {
  /** The secret key (`sk_…`), or a key restricted to everything ReelFive does. */
  stripeSecretName: string;
  stripeWebhookSecretName: string;
  /** A restricted key (`rk_…`) for some uses; the others read `stripeSecretName`. */
  stripeKeySecretNames?: Partial<Record<StripeKeyCapability, string | undefined>>;
  /**
   * Warn at synth when a use has no restricted key of its own (prod): its functions, the public
   * CreateOrder and GetOrder among them, then hold a key that may also refund.
   */
  warnOfUnrestrictedKeys?: boolean;
}

/** The warning's id, as `cdk synth` prints it and `--strict` would fail on it. */
export const unrestrictedStripeKeysWarning = 'reelfive:stripeKeysUnrestricted';

/** The stack parameter that names each use's restricted key (lib/stack-parameters.ts). */
const stripeKeySecretNameParameter = {
  'stripe:checkout': 'stripeCheckoutKeySecretName',
  'stripe:read': 'stripeReadKeySecretName',
  'stripe:refund': 'stripeRefundKeySecretName',
} as const satisfies Record<StripeKeyCapability, string>;

export class Payments extends Construct implements PaymentsGrants {
  private readonly stripeWebhookSecret: ISecret;
  private readonly props: PaymentsProps;
  /** One reference per secret name, so uses that share a key share its grant. */
  private readonly keySecrets = new Map<string, ISecret>();

  constructor(scope: Construct, id: string, props: PaymentsProps) {
    super(scope, id);
    this.props = props;
    this.keySecrets.set(props.stripeSecretName, Secret.fromSecretNameV2(this, 'StripeSecret', props.stripeSecretName));
    this.stripeWebhookSecret = Secret.fromSecretNameV2(this, 'StripeWebhookSecret', props.stripeWebhookSecretName);
    const unrestricted = stripeKeyCapabilities.filter((use) => !props.stripeKeySecretNames?.[use]);
    if (props.warnOfUnrestrictedKeys && unrestricted.length > 0) {
      Annotations.of(this).addWarningV2(
        unrestrictedStripeKeysWarning,
        `${unrestricted.join(', ')} use the one Stripe key of ${props.stripeSecretName}, so every function of ` +
          'those uses can do anything in Stripe, refunds included. Create a restricted key per use (docs/deploy.md, ' +
          '"Stripe keys") and set ' +
          unrestricted.map((use) => stripeKeySecretNameParameter[use]).join(', ') +
          " in the stage's cdk.json block.",
      );
    }
  }

  /** The secret a use of Stripe reads: its restricted key, else the one secret key. */
  keySecretName(use: StripeKeyCapability): string {
    return this.props.stripeKeySecretNames?.[use] ?? this.props.stripeSecretName;
  }

  /** Call Stripe's API for one use (checkout, read, refund) with that use's key. */
  grantStripeKey(use: StripeKeyCapability, fn: ReelFiveFunction): void {
    const name = this.keySecretName(use);
    let secret = this.keySecrets.get(name);
    if (!secret) {
      secret = Secret.fromSecretNameV2(this, `StripeKey-${use.slice('stripe:'.length)}`, name);
      this.keySecrets.set(name, secret);
    }
    secret.grantRead(fn);
    fn.addEnvironment(stripeKeySecretNameEnv[use], name);
  }

  /** Verify webhook signatures. */
  grantWebhookSecret(fn: ReelFiveFunction): void {
    this.stripeWebhookSecret.grantRead(fn);
    fn.addEnvironment(envNames.stripeWebhookSecretName, this.props.stripeWebhookSecretName);
  }
}
