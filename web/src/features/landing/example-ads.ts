// The example ad cards of the home page (docs/product.md "Screens and routes"): title, style label, poster and video. The
// files in ./media are real ads made by our renderer (tools/render-examples.ts). They are
// imported, not put in web/public, so the build gives them hashed names under /assets/, the one
// folder the CDN's viewer-request function passes through (with an immutable cache).

import appInstallVideo from './media/app-install.mp4';
import appInstallCaptions from './media/app-install.vtt?no-inline';
import appInstallPoster from './media/app-install.webp';
import ecommerceSaleVideo from './media/ecommerce-sale.mp4';
import ecommerceSaleCaptions from './media/ecommerce-sale.vtt?no-inline';
import ecommerceSalePoster from './media/ecommerce-sale.webp';
import examplesRecord from './media/examples.json';
import saasLaunchVideo from './media/saas-launch.mp4';
import saasLaunchCaptions from './media/saas-launch.vtt?no-inline';
import saasLaunchPoster from './media/saas-launch.webp';

export type ExampleAdId = 'saas-launch' | 'ecommerce-sale' | 'app-install';

export interface ExampleAd {
  id: ExampleAdId;
  title: string;
  /** The card's label; "Product Video" is a label only, rendered in Direct Response style. */
  style: string;
  video: string;
  poster: string;
  /** WebVTT of the voice-over's lines (also burned into the picture), written by tools/render-examples.ts. */
  captions: string;
}

export const exampleAds: readonly ExampleAd[] = [
  {
    id: 'saas-launch',
    title: 'SaaS Product Launch',
    style: 'Cinematic',
    video: saasLaunchVideo,
    poster: saasLaunchPoster,
    captions: saasLaunchCaptions,
  },
  {
    id: 'ecommerce-sale',
    title: 'E-commerce Sale',
    style: 'Product Video',
    video: ecommerceSaleVideo,
    poster: ecommerceSalePoster,
    captions: ecommerceSaleCaptions,
  },
  {
    id: 'app-install',
    title: 'Viral App Install Ad',
    style: 'UGC',
    video: appInstallVideo,
    poster: appInstallPoster,
    captions: appInstallCaptions,
  },
];

/**
 * Which voice reads the examples, as tools/render-examples.ts recorded it: 'local' is the twin's
 * offline voice (festival), 'polly' the neural voice paid ads get in AWS. The section says which.
 */
export const exampleVoice: 'local' | 'polly' = examplesRecord.voice === 'polly' ? 'polly' : 'local';

/** The hero's phone frame loops the first example, muted. */
export const heroExample = exampleAds[0]!;
