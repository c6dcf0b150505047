// The FAQ's questions and answers, read by the FAQ section and by the prerender, which publishes
// them as FAQPage structured data on `/`. A module of their own so that the home page can load
// the section lazily while the prerender imports the words alone (importing the section from
// both would keep it in the page's first chunk, and the build refuses that warning).
import { config } from '#shared/config.ts';
import { adDurations, styleLabels, styles } from '#shared/contract.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { freeRevisionWords, packFormatsWords } from '#shared/pack-words.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';

const { limits } = config;
const durations = adDurations.join(', ').replace(/, (\d+)$/, ' or $1');
const styleNames = styles.map((style) => styleLabels[style]).join(', ');

/** The questions and answers, also published as FAQPage structured data on `/`. */
export const faqs = [
  {
    question: 'How much does it cost?',
    answer: `$${config.price.amountCents / 100} per ad, paid once through Stripe. There is no subscription and no account to create. If you have a coupon code, enter it in the order form.`,
  },
  {
    question: 'How long does delivery take?',
    answer: `Usually ${typicalDeliveryWords(siteDeliverySeconds)} from payment; at busy times it can take longer. Your order page shows each step live, and we email you the ad when it is ready.`,
  },
  {
    question: 'What if something goes wrong?',
    answer:
      'If we cannot make your ad, your payment is refunded automatically and at once, and we email you to say so. A delivered ad is not refunded.',
  },
  {
    question: 'What exactly do I get?',
    answer: `MP4s of ${durations} seconds in ${packFormatsWords}, each composed for its frame, up to three openings to A/B test, the ad text to paste, captions and an AI label. An AI model writes it from your website: it opens on your site's strongest line, shows your logo or name from the first frame and ends on a call to action. An AI voice reads it, captions follow the voice word by word, and the music is original.`,
  },
  {
    question: 'Can I get changes?',
    answer: `Yes. ${freeRevisionWords}`,
  },
  {
    question: 'Which styles can I choose?',
    answer: `${styleNames}. Cinematic has a few slow scenes, elegant type and a calm narrator; Direct Response cuts about every second, with bold type, your offer or price called out and an urgent voice; UGC reads like a creator's own post: a casual voice, the feed's boxed captions, a hand-held feel and, when your site shows products, a scroll through it. No style puts a person or an avatar on screen.`,
  },
  {
    question: 'Can I use my own product photo?',
    answer: `Yes. Upload a JPEG, PNG or WebP image of up to ${limits.uploadMaxBytes / 1024 / 1024} MB and it leads the ad, filling the frame, cropped around your product. We also use the images on your website (product photos, the main image, your logo); without any, the scenes are set in type in your brand colours. If we cannot read your website, the form asks for a photo before you pay.`,
  },
  {
    question: 'Can I use the ad commercially?',
    answer:
      'Yes. You get a non-exclusive, worldwide licence to use every file we deliver in your paid and organic marketing. The music is original, synthesized for each ad, so there is no music licence to worry about. We may show your ad as an example with your branding removed.',
  },
  {
    question: 'How many ads can I order?',
    answer: `As many as you like over time, with up to ${limits.activeOrdersPerEmail} orders in progress per email address within ${limits.activeOrderWindowHours} hours.`,
  },
  {
    question: 'What happens to my data?',
    answer: `We use your website, email and optional image only to make and deliver your ad. Images and videos are deleted after ${limits.fileRetentionDays} days, so download your ad. Card details go to Stripe and never reach us.`,
    privacyLink: true,
  },
];
