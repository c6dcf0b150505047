// What the delivery pack is, in the words the site and the emails use (the FAQ, pricing, value
// section, terms and the pack-ready email). Plain strings (the revision's two facts from revision.ts,
// which imports nothing), so the home page's script carries these sentences and not the format table
// (its JS budget: docs/budgets.md);
// tests/integration/web/site-truth.test.ts holds them to shared/ad-formats.ts and the stage's pack.
import { revisionKeeps, revisionLimits } from './revision.ts';

/** Every format of the pack (shared/ad-formats.ts), grouped by shape. */
export const packFormatsWords =
  '9:16 at 720x1280 and 1080x1920, 4:5 at 1080x1350, 1:1 at 1080x1080 and 16:9 at 1920x1080';

/** The one free revision an order includes, as every page and email promises it. */
export const freeRevisionWords = `One free revision within ${revisionLimits.windowDays} days of delivery: from your order page or the ready email, write what to change and add a photo if you like; ${new Intl.ListFormat('en').format(revisionKeeps)} stay as ordered.`;

/**
 * What the pack says about its openings (the ad's own, A, and those the writer found besides it,
 * each at 1080x1920): how to test them, or, when there are fewer than three, why.
 */
export function openingsWords(openings: number): string {
  const reason =
    'we only make an opening from a fact or a line your website gives that fits the ad’s first two seconds';
  if (openings >= 3) {
    return 'Three openings to A/B test: your ad’s own (A) and two more (B, C) on the same ad at 1080x1920. Run them side by side and keep the one whose first seconds hold the feed.';
  }
  if (openings === 2) {
    return `Two openings to A/B test: your ad’s own (A) and one more (B) at 1080x1920. There is no third: ${reason}, and your site gave one.`;
  }
  // A site we could read only the name of gives no other opening in any length or style; one whose
  // facts the ad's body has said may give one in another (docs/design.md, "openings to A/B test").
  return `One opening: ${reason}, and your site gave none for this ad. If we could read only your business’s name, no other length or style will find one; if we read more, another may.`;
}
