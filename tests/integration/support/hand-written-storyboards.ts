// Storyboards written by hand for the Northwind fixture (ad-fixtures.ts), one per style and length,
// with voice lines short enough for each style's voice: what the compositor's tests render and lay
// out, independent of how a writer words an ad (the bench renders the template writer's).
import { paletteFor } from '#generation/storyboard/palette.ts';
import { type Storyboard, type StoryboardScene, storyboardVersion } from '#generation/storyboard/storyboard.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import type { AdDuration, Style } from '#shared/contract.ts';

type Words = Pick<StoryboardScene, 'text' | 'voiceLine' | 'emphasis' | 'callout' | 'phoneElement'>;

const words: Record<
  Style,
  { hook: Words; benefit: Words; shortBenefit: Words; proof: Words; offer: Words; cta: Words; shortCta: Words }
> = {
  cinematic: {
    hook: { text: ['Roasted the day it ships'], emphasis: 'the day it ships', voiceLine: 'Roasted today.' },
    benefit: {
      text: ['Small-batch beans'],
      emphasis: 'Small-batch',
      voiceLine: 'Small-batch beans, from growers we know.',
    },
    shortBenefit: { text: ['Small-batch beans'], emphasis: 'Small-batch', voiceLine: 'Small-batch beans.' },
    proof: { text: ['At your door in 48 hours'], emphasis: '48 hours', voiceLine: 'Fresh, in two days.' },
    offer: {
      text: ['Free shipping'],
      emphasis: 'Free',
      voiceLine: 'And shipping is free.',
      callout: 'Orders over $30',
    },
    cta: { text: ['Northwind Coffee'], voiceLine: 'northwind.coffee' },
    shortCta: { text: ['Northwind Coffee'], voiceLine: '' },
  },
  'direct-response': {
    hook: { text: ['Roasted today', 'at your door in 48h'], emphasis: '48h', voiceLine: 'Roasted today!' },
    benefit: {
      text: ['Small-batch beans'],
      emphasis: 'Small-batch',
      voiceLine: 'Small-batch beans from growers we know.',
    },
    shortBenefit: { text: ['Small-batch beans'], emphasis: 'Small-batch', voiceLine: 'Small-batch beans!' },
    proof: { text: ['No contract', 'cancel any time'], emphasis: 'cancel any time', voiceLine: 'Cancel any time.' },
    offer: {
      text: ['Your first bag', 'ships free'],
      emphasis: 'ships free',
      voiceLine: 'Free shipping over $30!',
      callout: 'FREE OVER $30',
    },
    cta: { text: ['Order now'], voiceLine: 'Shop northwind.coffee!' },
    shortCta: { text: ['Order now'], voiceLine: 'Shop now!' },
  },
  ugc: {
    hook: {
      text: ['Roasted the day it ships?'],
      voiceLine: 'Wait, roasted today?',
      phoneElement: { kind: 'comment-reply', text: 'is it actually fresh tho' },
    },
    benefit: { text: ['Small-batch and so fresh'], emphasis: 'so fresh', voiceLine: 'I tried Northwind. So fresh.' },
    shortBenefit: { text: ['Small-batch and so fresh'], emphasis: 'so fresh', voiceLine: 'So fresh.' },
    proof: {
      text: ['Came in 2 days'],
      voiceLine: 'It came in two days.',
      phoneElement: { kind: 'text-bubble', text: 'ok the coffee came already' },
    },
    offer: { text: ['Shipping is free'], emphasis: 'free', voiceLine: 'Plus, free shipping.', callout: 'over $30!' },
    cta: { text: ['Get yours'], voiceLine: 'Go to northwind.coffee.' },
    shortCta: { text: ['Get yours'], voiceLine: 'Link below.' },
  },
};

const framingsByStyle: Record<Style, readonly ('product-hero' | 'product-split')[]> = {
  cinematic: ['product-hero', 'product-split', 'product-hero', 'product-split'],
  'direct-response': ['product-hero', 'product-split'],
  ugc: ['product-hero'],
};

const motionsByStyle = {
  cinematic: ['push-in', 'pan-right', 'pull-out', 'push-in'],
  'direct-response': ['push-in', 'static', 'push-in'],
  ugc: ['handheld'],
} as const;

export function handWrittenStoryboard(style: Style, durationSeconds: AdDuration): Storyboard {
  const plan = styleDefinition(style).plan[durationSeconds];
  const content = words[style];
  let start = 0;
  let shotTurn = 0;
  const scenes = plan.map((planned, index): StoryboardScene => {
    const end = Math.round((start + planned.seconds) * 1000) / 1000;
    const short = durationSeconds === 4;
    const said =
      planned.role === 'cta'
        ? short
          ? content.shortCta
          : content.cta
        : planned.role === 'benefit' && short
          ? content.shortBenefit
          : content[planned.role];
    const shotSeconds = Array.from({ length: planned.shots }, (_, shot) => {
      const tenths = Math.round(planned.seconds * 10);
      return (Math.floor(tenths / planned.shots) + (shot < tenths % planned.shots ? 1 : 0)) / 10;
    });
    const shots = shotSeconds.map((seconds) => {
      const turn = shotTurn++;
      if (planned.role === 'cta')
        return { asset: 'upload', framing: 'end-card' as const, motion: 'push-in' as const, seconds };
      const framings = framingsByStyle[style];
      const motions = motionsByStyle[style];
      return {
        asset: 'upload',
        framing: index === 0 ? 'product-hero' : framings[turn % framings.length]!,
        motion: motions[turn % motions.length]!,
        seconds,
      };
    });
    const scene: StoryboardScene = { role: planned.role, startSeconds: start, endSeconds: end, ...said, shots };
    start = end;
    return scene;
  });
  return storyboardSchema.parse({
    version: storyboardVersion,
    style,
    durationSeconds,
    persona: style === 'ugc' ? 'first-person' : 'brand',
    writer: 'template',
    brand: { name: 'Northwind Coffee', domain: 'northwind.coffee' },
    product: null,
    palette: paletteFor(styleDefinition(style).look.palette, '#7a3e1d'),
    assets: [{ id: 'upload', source: 'upload', key: 'uploads/northwind.jpg' }],
    scenes,
    endCard: {
      title: 'Northwind Coffee',
      cta: style === 'ugc' ? 'Get yours' : style === 'direct-response' ? 'Order now' : 'Order your first bag',
      domain: 'northwind.coffee',
      asset: 'upload',
    },
  } satisfies Storyboard);
}

/** The same storyboard with no image at all: every story shot on the brand's design, the end card without a picture. */
export function withoutImages(storyboard: Storyboard): Storyboard {
  const board = structuredClone(storyboard);
  board.assets = [];
  board.endCard.asset = null;
  for (const scene of board.scenes) {
    for (const shot of scene.shots) {
      shot.asset = null;
      if (shot.framing !== 'end-card') shot.framing = 'brand';
    }
  }
  return board;
}

/**
 * The same storyboard with the shop's page drawn as a phone screen where the style's plan gives a
 * scene the `site-scroll` view (UGC at 8 and 12 s): that scene's shots scroll the view.
 */
export function withSiteView(storyboard: Storyboard): Storyboard {
  const board = structuredClone(storyboard);
  const plan = styleDefinition(board.style).plan[board.durationSeconds];
  board.siteView = {
    headline: 'Small-batch coffee, roasted the morning it ships',
    offer: 'Free shipping on orders over $35',
    hero: 'upload',
    logo: null,
    products: [
      { name: 'House Blend', price: '$16', rating: 4.8, image: 'upload' },
      { name: 'Dark Roast', price: '$18', rating: 4.6, image: 'upload' },
      { name: 'Decaf Colombia', price: '$17', image: 'upload' },
    ],
  };
  board.scenes.forEach((scene, index) => {
    if (plan[index]?.view !== 'site-scroll') return;
    for (const shot of scene.shots) Object.assign(shot, { asset: null, framing: 'site-scroll', motion: 'scroll' });
  });
  return storyboardSchema.parse(board);
}
