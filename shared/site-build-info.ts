// What a site build was made for (web/build.ts writes it beside the pages; `cdk deploy` reads it and
// refuses to upload a site whose pages promise another delivery time; `npm start` and the tests
// rebuild a site made for another footage model). Never uploaded.
import * as z from 'zod/mini';
import { deliverySeconds } from './delivery-time.ts';

export const siteBuildInfoFile = '.build.json';

export const siteBuildInfoSchema = z.object({
  /** The canonical origin the pages were prerendered with (SITE_URL). */
  siteUrl: z.string(),
  /** The stage's video model the pages' delivery time counts (FOOTAGE_MODEL); null: engine-only ads. */
  footageModel: z.nullable(z.string()),
  /** The typical seconds from payment to the ad that the pages say in words. */
  deliverySeconds: z.number(),
});
export type SiteBuildInfo = z.infer<typeof siteBuildInfoSchema>;

export function siteBuildInfo(siteUrl: string, footageModel: string | null): SiteBuildInfo {
  return { siteUrl, footageModel, deliverySeconds: deliverySeconds(footageModel) };
}

/** What a .build.json says a site was made for; null when there is none or it says nothing readable. */
export function readSiteBuildInfo(text: string | null): SiteBuildInfo | null {
  if (text === null) return null;
  try {
    const parsed = siteBuildInfoSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
