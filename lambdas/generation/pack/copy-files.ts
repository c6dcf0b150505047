// The pack's text files: copy.txt (the ad text for each platform, grouped so a buyer pastes from
// it) and the voice's captions as SRT and WebVTT. The pack calls `adCopyFiles` once per order
// with the storyboard as cut, the site's facts and the words the render heard (RenderedAd's
// `spokenWords`; the voice is the same in every format). Nothing leaves here over a limit or with
// a number the site never gave: that is an error, not a file.
import { siteCopy } from '#generation/storyboard/site-copy.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import type { StoryboardInput } from '#generation/storyboard/writer.ts';
import type { SpokenWord } from '#generation/voice/voice.ts';
import { type AdCopy, copyFactProblems, writeAdCopy } from './ad-copy.ts';
import { captionCues, toSrt, toVtt } from './caption-file.ts';
import { type CopyFieldId, copyFields, copyLimitProblems } from './copy-limits.ts';

export interface PackTextFile {
  /** The file's name in the pack (and the zip). */
  name: 'copy.txt' | 'captions.srt' | 'captions.vtt';
  contentType: string;
  body: string;
}

export interface CopyFilesInput {
  storyboard: Storyboard;
  /** The site's facts the storyboard was written from ($.site). */
  site: StoryboardInput['site'];
  /** Every word of the voice-over on the ad's clock. */
  spokenWords: readonly SpokenWord[];
}

export function adCopyFiles({ storyboard, site, spokenWords }: CopyFilesInput): PackTextFile[] {
  const facts = siteCopy(site);
  const copy = writeAdCopy(storyboard, facts);
  const problems = [...copyLimitProblems(copy), ...copyFactProblems(copy, facts)];
  if (problems.length > 0) throw new Error(`The ad copy breaks its limits: ${problems.join('; ')}`);
  const cues = captionCues(spokenWords, storyboard.durationSeconds);
  return [
    { name: 'copy.txt', contentType: 'text/plain; charset=utf-8', body: copyText(copy, storyboard) },
    { name: 'captions.srt', contentType: 'application/x-subrip; charset=utf-8', body: toSrt(cues) },
    { name: 'captions.vtt', contentType: 'text/vtt; charset=utf-8', body: toVtt(cues) },
  ];
}

/** copy.txt: a heading per platform, each field with what the platform shows of it, the text on its own line. */
export function copyText(copy: AdCopy, storyboard: Pick<Storyboard, 'brand' | 'durationSeconds'>): string {
  const field = (id: CopyFieldId, shown: string) => `${copyFields[id].field} (${shown}):\n${copy[id]}\n`;
  return [
    `Ad copy for ${storyboard.brand.name} (${storyboard.brand.domain}), ${storyboard.durationSeconds} s ad`,
    "Written from your website's own words; each text fits what the platform shows. Paste as it is.",
    '',
    '== TikTok ==',
    field('tiktokAdText', `up to ${copyFields.tiktokAdText.maxChars} characters, no links`),
    '== Facebook and Instagram (Meta) ==',
    field(
      'metaPrimaryText',
      `Reels show the first ${copyFields.metaPrimaryText.leadChars} characters, Feed ${copyFields.metaPrimaryText.maxChars}`,
    ),
    field('metaHeadline', `${copyFields.metaHeadline.maxChars} characters shown`),
    field('metaDescription', `${copyFields.metaDescription.maxChars} characters shown`),
    '== YouTube (Google Ads) ==',
    field('googleHeadline', `up to ${copyFields.googleHeadline.maxChars} characters`),
    field('googleDescription', `up to ${copyFields.googleDescription.maxChars} characters`),
    '== Captions ==',
    'captions.srt and captions.vtt hold the voice-over, timed to the ad. Upload the SRT with the video on',
    'YouTube and in Meta Ads Manager; use the VTT where a player asks for WebVTT.',
    '',
  ].join('\n');
}
