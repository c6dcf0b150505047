// The buyer's licence to a delivered ad: one text, shown in the terms (web/src/features/legal) and
// carried in the delivery pack's zip (lambdas/generation/delivery-pack.ts). It covers every file of
// the pack (shared/delivery-pack.ts) and the order's revision.

export const usageRightsTitle = 'Usage Rights';

export const usageRightsText =
  'When your ad is delivered, you receive a non-exclusive, worldwide, perpetual licence to use, copy, edit and ' +
  'publish every file we deliver for your order (the ad in each of its formats and openings, its ad text and its ' +
  'captions, and the revised version if you ask for one) for any lawful commercial purpose, including paid ' +
  'advertising on any platform. The music in each ad ' +
  'is original, synthesized for that ad, so no third-party music licence is needed. We may reuse the videos we ' +
  'make, with your branding removed, to improve the service and to show examples of our work.';
