// What a site build was made for (web/build.ts writes it beside the pages; `cdk deploy` reads it and
// refuses to upload a site whose pages promise another stage's delivery time). Not uploaded.

export const siteBuildInfoFile = '.build.json';

export interface SiteBuildInfo {
  /** The canonical origin the pages were prerendered with (SITE_URL). */
  siteUrl: string;
  /** The stage's video model the pages' delivery time counts (FOOTAGE_MODEL); null: engine-only ads. */
  footageModel: string | null;
  /** The typical seconds from payment to the ad that the pages say in words. */
  deliverySeconds: number;
}
