// The twin's stand-in for the content guardrail's judgement: phrase rules per category of
// shared/prohibited-content.ts, deterministic, so a test or the bench knows what it will say.
// It is a keyword list, not a model: it knows what the corpus (tests/content-check) and the
// categories' own examples say, and the bench prints where it is wrong. Every pattern is a
// plain alternation of literals between word boundaries (no nested repetition), and its input
// is the product's bounded digest (at most 2,000 characters), so it runs in linear time.
import {
  type GuardrailContentFilter,
  guardrailTopicName,
  type ProhibitedCategoryId,
  prohibitedCategories,
} from '#shared/prohibited-content.ts';

export const localCategoryRules: Record<ProhibitedCategoryId, RegExp> = {
  impersonation:
    /\b(verify your (account|identity|password)|confirm your (password|identity|login|card)|account (has been|will be|is) (suspended|locked|limited|disabled)|unusual (sign-in|login|log-in) activity|update your (billing|payment) (information|details)|enter your (password|card number|login details)|restore (access to )?your account)\b/iu,
  weapons:
    /\b(firearms?|handguns?|pistols?|rifles?|shotguns?|ammunition|ammo|ar-15|ghost guns?|gun kits?|silencers?|suppressors?|explosives?|grenades?|tasers?|stun guns?|brass knuckles|switchblades?)\b/iu,
  'illegal-drugs':
    /\b(cocaine|heroin|mdma|ecstasy pills|lsd|methamphetamine|crystal meth|magic mushrooms|psilocybin|weed delivery|buy weed|marijuana|thc gummies|oxycodone|fentanyl|without (a )?prescription|no prescription needed)\b/iu,
  adult:
    /\b(porn|porno|pornography|xxx|sex cams?|live cams?|escorts?|escort services?|adult videos?|nude (photos|videos)|hot singles|erotic massage)\b/iu,
  gambling:
    /\b(casinos?|sports ?betting|sportsbook|place your bets|poker|online slots|slot machines|free spins|deposit bonus|roulette|blackjack|betting odds|best odds)\b/iu,
  tobacco:
    /\b(cigarettes?|cigars?|vapes?|vaping|e-liquids?|e-cigarettes?|nicotine|disposable vapes?|snus|hookah tobacco|rolling tobacco)\b/iu,
  counterfeit:
    /\b(replica (watches|bags|handbags|sneakers|shoes|designer|rolex|jewelry|jewellery)|1:1 cop(y|ies)|counterfeit|knock-?offs?|aaa quality|fake designer|super ?fake|mirror quality)\b/iu,
  'hate-violence':
    /\b(white power|race war|ethnic cleansing|subhumans?|final solution|death to (all|the)|kill all|drive them out)\b/iu,
  'deceptive-finance':
    /\b(guaranteed (returns?|profits?|income)|risk-free (profits?|returns?|investment)|get rich quick|double your (money|bitcoin|crypto)|payday loans?|no credit check|\d+% daily)\b/iu,
  'deceptive-health':
    /\b(cures? (cancer|diabetes|covid|hiv|alzheimer's|arthritis)|miracle (cure|pill|tea)|lose \d+ (pounds|lbs|kilos|kg) in \d+ days|without (diet|dieting|exercise)|reverses? (ageing|aging|diabetes))\b/iu,
};

export interface LocalAssessment {
  /** Guardrail topic names of the categories whose rule matched, in the list's order. */
  topics: string[];
  /** Managed filters: the local rules stand in for them through their categories' topics only. */
  filters: GuardrailContentFilter[];
}

export function classifyContent(text: string): LocalAssessment {
  const topics = prohibitedCategories
    .filter((category) => localCategoryRules[category.id].test(text))
    .map((category) => guardrailTopicName(category));
  return { topics, filters: [] };
}
