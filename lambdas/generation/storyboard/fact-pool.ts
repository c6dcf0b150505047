// The site's facts not yet said, handed out scene by scene: each scene asks for what its role
// wants (a hook: a claim, a numbered offer, a question; an offer slot: the price or the offer; a
// proof slot: a claim) and falls back to another body role's fact, so no fact is invented and none
// is said twice. When the site has nothing left, the business's name is all there is to say.
import type { SceneRole } from './scene-plans.ts';
import { type Claim, comparable, type SiteCopy } from './site-copy.ts';

export type SceneContent =
  | { kind: 'claim'; claim: Claim }
  | { kind: 'offer'; price?: string; offer?: string }
  | { kind: 'benefit'; text: string }
  | { kind: 'question'; subject: string }
  /** The site said nothing usable: the business's name is all the ad knows (`turn` varies the words). */
  | { kind: 'name'; turn: number };

export class FactPool {
  private claims: Claim[];
  private offers: string[];
  private prices: string[];
  private benefits: string[];
  private subject: string | undefined;
  private namesSaid = 0;

  constructor(copy: SiteCopy) {
    this.claims = [...copy.claims];
    this.offers = [...copy.offers];
    this.prices = [...copy.prices];
    this.subject = copy.subject;
    this.benefits = copy.benefits.filter((benefit) => comparable(benefit) !== comparable(copy.subject ?? ''));
  }

  /** What a scene of this role could say, best first; the last option (the name) always exists. */
  options(role: SceneRole): SceneContent[] {
    const claims = this.claims.map((claim): SceneContent => ({ kind: 'claim', claim }));
    const benefits = this.benefits.map((text): SceneContent => ({ kind: 'benefit', text }));
    const subject: SceneContent[] = this.subject ? [{ kind: 'benefit', text: this.subject }] : [];
    const name: SceneContent = { kind: 'name', turn: this.namesSaid };
    if (role === 'hook') {
      const numberedOffers = this.offers.filter((offer) => /\d/.test(offer));
      const question: SceneContent[] = this.subject ? [{ kind: 'question', subject: this.subject }] : [];
      return [...claims, ...numberedOffers.map((offer): SceneContent => ({ kind: 'offer', offer })), ...question, name];
    }
    const offers = this.offerOptions();
    if (role === 'offer') return [...offers, ...claims, ...benefits, ...subject, name];
    if (role === 'proof') return [...claims, ...benefits, ...offers, ...subject, name];
    return [...benefits, ...claims, ...offers, ...subject, name];
  }

  /** Marks the content as said. */
  take(content: SceneContent): void {
    if (content.kind === 'claim') this.claims = this.claims.filter((claim) => claim !== content.claim);
    if (content.kind === 'offer') {
      this.prices = this.prices.filter((price) => price !== content.price);
      this.offers = this.offers.filter((offer) => offer !== content.offer);
    }
    if (content.kind === 'benefit') {
      this.benefits = this.benefits.filter((benefit) => benefit !== content.text);
      if (content.text === this.subject) this.subject = undefined;
    }
    // A question asks about the subject; a later scene may still say it whole.
    if (content.kind === 'name') this.namesSaid += 1;
  }

  /** Facts left to lengthen a scene that has time to say more: selling points, then claims, then the subject. */
  leftovers(): { text: string; content: SceneContent }[] {
    return [
      ...this.benefits.map((text) => ({ text, content: { kind: 'benefit', text } as const })),
      ...this.claims.map((claim) => ({ text: claim.text, content: { kind: 'claim', claim } as const })),
      ...(this.subject ? [{ text: this.subject, content: { kind: 'benefit', text: this.subject } as const }] : []),
    ];
  }

  private offerOptions(): SceneContent[] {
    const [price] = this.prices;
    const both: SceneContent[] = price && this.offers[0] ? [{ kind: 'offer', price, offer: this.offers[0] }] : [];
    const alone: SceneContent[] = price ? [{ kind: 'offer', price }] : [];
    return [...both, ...alone, ...this.offers.map((offer): SceneContent => ({ kind: 'offer', offer }))];
  }
}

/** The role a scene takes from what it says (a body slot may swap roles; the hook stays the hook). */
export function roleOf(content: SceneContent, index: number): SceneRole {
  if (index === 0) return 'hook';
  if (content.kind === 'claim') return 'proof';
  if (content.kind === 'offer') return 'offer';
  return 'benefit';
}
