// What the delivery pack is, in the words the site and the emails use (the FAQ, pricing, value
// section, terms and the pack-ready email). Plain strings (the revision's two facts from revision.ts,
// which imports nothing), so the home page's script carries these sentences and not the format table
// (its JS budget: README's Budgets);
// tests/integration/site-truth.test.ts holds them to shared/ad-formats.ts and the stage's pack.
import { revisionKeeps, revisionLimits } from './revision.ts';

/** Every format of the pack (shared/ad-formats.ts), grouped by shape. */
export const packFormatsWords =
  '9:16 at 720x1280 and 1080x1920, 4:5 at 1080x1350, 1:1 at 1080x1080 and 16:9 at 1920x1080';

/** The one free revision an order includes, as every page and email promises it. */
export const freeRevisionWords = `One free revision within ${revisionLimits.windowDays} days of delivery: from your order page or the ready email, write what to change and add a photo if you like; ${new Intl.ListFormat('en').format(revisionKeeps)} stay as ordered.`;
