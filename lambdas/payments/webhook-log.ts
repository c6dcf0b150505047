// The Stripe webhook's log lines that CloudWatch counts (lib/alarms turns this one into the
// WebhookSignatureRejected metric): the handler and the metric filter share the text from here.
export const signatureRejectedMessage = 'Webhook signature rejected';
