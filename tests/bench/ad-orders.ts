// The grid of demo-shop ads the ad bench makes (ads.ts) and whose voices it reads (ad-voices.ts).
import { type DemoShop, demoShops } from '#local/demo-shops/shops.ts';
import { type AdDuration, type Style, styles } from '#shared/contract.ts';

const durations: AdDuration[] = [4, 8, 12];

export interface AdOrder {
  shop: (typeof demoShops)[number] & DemoShop;
  style: Style;
  durationSeconds: AdDuration;
}

/** Quick: every shop once, the styles rotated, 8 and 12 s alternating. Full: shops × styles × 4/8/12 s. */
export function adOrders(full: boolean): AdOrder[] {
  if (full) {
    return demoShops.flatMap((shop) =>
      styles.flatMap((style) => durations.map((durationSeconds) => ({ shop, style, durationSeconds }))),
    );
  }
  return demoShops.map((shop, index) => ({
    shop,
    style: styles[index % styles.length]!,
    durationSeconds: index % 2 === 0 ? 12 : 8,
  }));
}
