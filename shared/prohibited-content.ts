// What we refuse to make an ad for, named once: the terms page lists each category's label
// (web/src/features/legal), the stack turns each into a denied topic of the content guardrail
// (lib/generation/content-guardrail.ts), the twin's stand-in classifies against the same ids
// (local/content-guardrail), and a refused order's email names the label. The list follows what
// the ad platforms our buyers publish on prohibit outright (docs/threat-model.md, "content check").
// Restricted-but-allowed-with-a-licence categories (gambling, online pharmacies) are refused
// here because we cannot check a licence for a $5 ad.

export interface ProhibitedCategory {
  /** Stable id: the guardrail topic's name is derived from it, and a refusal records it. */
  id: string;
  /** What the terms say, as a plain phrase that follows "ads for". */
  label: string;
  /**
   * The denied topic's definition, as Bedrock Guardrails reads it (at most 200 characters on the
   * classic tier): what a page is about, not words it happens to contain.
   */
  definition: string;
  /** Sample phrases of the topic (at most 5, each at most 100 characters). */
  examples: readonly string[];
  /** Bedrock's managed content filters that also stand for this category, when any does. */
  contentFilters?: readonly GuardrailContentFilter[];
}

/** The managed filters the guardrail turns on; the others (insults, misconduct) refuse honest shops' banter. */
export const guardrailContentFilters = ['SEXUAL', 'HATE', 'VIOLENCE'] as const;
export type GuardrailContentFilter = (typeof guardrailContentFilters)[number];

export const prohibitedCategories = [
  {
    id: 'impersonation',
    label: 'impersonating another business or person, or phishing for accounts, passwords or payment details',
    definition:
      'Pretending to be another company or person, or asking people to verify, unlock or restore an account, or to enter passwords, login or payment details.',
    examples: [
      'Verify your account within 24 hours or it will be suspended',
      'Unusual sign-in activity: confirm your password now',
      'Official PayPal support: update your billing information',
    ],
  },
  {
    id: 'weapons',
    label: 'weapons, ammunition, explosives and their parts',
    definition:
      'Selling or promoting firearms, ammunition, firearm parts, explosives, or weapons such as tasers, switchblades and knuckles.',
    examples: [
      'Buy AR-15 rifles and 9mm ammunition in bulk',
      'Ghost gun kits, no serial number',
      'Stun guns and brass knuckles',
    ],
  },
  {
    id: 'illegal-drugs',
    label: 'illegal or recreational drugs and drug paraphernalia',
    definition:
      'Selling or promoting illegal or recreational drugs, prescription drugs without prescription, or drug paraphernalia.',
    examples: [
      'Buy cocaine and MDMA with discreet delivery',
      'Magic mushrooms shipped overnight',
      'Oxycodone without prescription',
    ],
  },
  {
    id: 'adult',
    label: 'adult content, sexual services and sexually explicit material',
    definition: 'Pornography, sexually explicit material, escort or sexual services, or adult entertainment.',
    examples: ['Hot singles and live sex cams', 'Escort services in your city tonight', 'Uncensored adult videos'],
    contentFilters: ['SEXUAL'],
  },
  {
    id: 'gambling',
    label: 'gambling, betting and casinos',
    definition: 'Online or offline gambling for money: casinos, sports betting, poker, slots or lotteries.',
    examples: [
      'Claim a 200% casino deposit bonus',
      'Bet on tonight’s game with the best odds',
      'Free spins on online slots',
    ],
  },
  {
    id: 'tobacco',
    label: 'tobacco, vaping and nicotine products',
    definition: 'Selling or promoting cigarettes, cigars, e-cigarettes, vapes, e-liquids or other nicotine products.',
    examples: ['Disposable vapes in 40 flavours', 'Nicotine e-liquid 50mg salts', 'Cheap cigarettes by the carton'],
  },
  {
    id: 'counterfeit',
    label: 'counterfeit goods and replicas of branded products',
    definition:
      'Selling counterfeit, replica or knock-off copies of branded products such as designer bags, watches or shoes.',
    examples: [
      'AAA replica Rolex watches',
      '1:1 copies of designer handbags',
      'Fake designer sneakers at outlet prices',
    ],
  },
  {
    id: 'hate-violence',
    label: 'hate, harassment, violence or extremism',
    definition:
      'Content attacking people for who they are, threatening or glorifying violence, or promoting extremist groups.',
    examples: ['Join the movement to drive them out', 'Merchandise celebrating the attackers'],
    contentFilters: ['HATE', 'VIOLENCE'],
  },
  {
    id: 'deceptive-finance',
    label: 'deceptive financial offers: guaranteed returns, get-rich-quick schemes, payday loans',
    definition:
      'Financial offers promising guaranteed or unrealistic returns, get-rich-quick schemes, pyramid schemes, or payday loans.',
    examples: [
      'Guaranteed 10% daily returns on crypto',
      'Turn $100 into $10,000 in a week',
      'Payday loans, no credit check',
    ],
  },
  {
    id: 'deceptive-health',
    label: 'deceptive health claims: miracle cures and unapproved drugs',
    definition:
      'Products claimed to cure serious diseases, miracle cures, rapid weight loss without effort, or unapproved drugs and supplements.',
    examples: [
      'This tea cures cancer and diabetes',
      'Lose 30 pounds in 10 days without dieting',
      'Miracle pill reverses ageing',
    ],
  },
] as const satisfies readonly ProhibitedCategory[];

export type ProhibitedCategoryId = (typeof prohibitedCategories)[number]['id'];

export function prohibitedCategory(id: string): ProhibitedCategory | undefined {
  return prohibitedCategories.find((category) => category.id === id);
}

/**
 * The guardrail topic's name for a category (Bedrock allows letters, digits, spaces and -_!?.),
 * so the topic a guardrail reports leads back to the category.
 */
export function guardrailTopicName(category: Pick<ProhibitedCategory, 'id'>): string {
  return `prohibited-${category.id}`;
}

/** The category a managed content filter stands for. */
export function categoryOfFilter(filter: string): ProhibitedCategory | undefined {
  return prohibitedCategories.find((category) =>
    (category as ProhibitedCategory).contentFilters?.includes(filter as GuardrailContentFilter),
  );
}

export function categoryOfTopic(topicName: string): ProhibitedCategory | undefined {
  return prohibitedCategories.find((category) => guardrailTopicName(category) === topicName);
}

/** The error name a generation step raises when the site's content is refused (lambdas/generation). */
export const contentRefusedError = 'ContentRefused';

/**
 * The failure reason a refused order records (`ContentRefused: <id>`, the Catch's Error and
 * message) read back to its category, so the failure email can say why.
 */
export function refusedCategoryOf(failureReason: string | undefined): ProhibitedCategory | undefined {
  const prefix = `${contentRefusedError}: `;
  if (!failureReason?.startsWith(prefix)) return undefined;
  return prohibitedCategory(failureReason.slice(prefix.length).trim());
}
