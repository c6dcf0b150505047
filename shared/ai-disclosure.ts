// How a delivered ad says it was made with AI: the one IPTC term both of its labels carry (the XMP
// packet and the C2PA manifest, lambdas/generation/media/label-ad.ts), and what the buyer does in
// each ad manager so the platform's own AI label agrees with the file (shown with the pack).
import { config } from './config.ts';

/**
 * IPTC Digital Source Type (https://cv.iptc.org/newscodes/digitalsourcetype/): real photographs
 * composed with an AI-written script and a neural voice (and AI footage where the stage makes it).
 * Not `trainedAlgorithmicMedia`: the product photos are the buyer's own, composited unchanged.
 */
export const adDigitalSourceType =
  'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';

/** The tool named in both labels (XMP `xmp:CreatorTool`, C2PA `claim_generator_info` and `softwareAgent`). */
export const adCreatorTool = config.brand.name;

export interface PlatformAiLabel {
  platform: string;
  /** What the platform calls its label, as its ad manager shows it. */
  label: string;
  /** Where the advertiser sets it and what it does, in the buyer's words. */
  howToSet: string;
  /** Whether the platform reads the file's own metadata (C2PA or IPTC) to apply the label itself. */
  readsFileMetadata: boolean;
}

/**
 * Per platform, from its published ad policies (docs/ai-disclosure.md cites them). The file's labels
 * may not survive a platform's re-encode, so every row tells the buyer to set the label by hand too.
 */
export const platformAiLabels: readonly PlatformAiLabel[] = [
  {
    platform: 'Meta (Facebook, Instagram)',
    label: 'AI info',
    howToSet:
      'Meta reads the AI label this file carries and may show "AI info" on its own. When you create the ad in Ads Manager, also turn on the AI disclosure for the ad so the label stays if the file is re-encoded.',
    readsFileMetadata: true,
  },
  {
    platform: 'TikTok',
    label: 'AI-generated content',
    howToSet:
      'When you upload the video in TikTok Ads Manager (or post it), turn on the "AI-generated content" toggle: TikTok asks advertisers to disclose ads made or significantly edited with AI.',
    readsFileMetadata: true,
  },
  {
    platform: 'YouTube (Google Ads)',
    label: 'Altered or synthetic content',
    howToSet:
      'When you upload the video to YouTube Studio, answer "Yes" to "altered or synthetic content"; in Google Ads, declare the ad as containing synthetic content where the campaign asks for it.',
    readsFileMetadata: false,
  },
];
