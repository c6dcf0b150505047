// The one free revision of a completed order (docs/render-shape.md, "The revision"): its limits, its request body and
// how a buyer's note is read into the requests the template writer makes. The order page reads the
// note with the same function as the API, so what the page says before submit is what happens.
// The request's schema and the order view's revision are in contract.ts.

export const revisionLimits = {
  /** The note's length: a few sentences, which the page counts down as the buyer types. */
  noteMaxChars: 400,
  /** Days after the order completed during which its revision may be asked for. */
  windowDays: 7,
} as const;

/**
 * What the template writer can do to an ad (storyboard/revise-storyboard.ts). The Bedrock writer
 * takes the note's free text besides.
 */
export const revisionRequestKinds = ['price', 'photo', 'hook', 'faster', 'calmer'] as const;
export type RevisionRequestKind = (typeof revisionRequestKinds)[number];

/** How the page and the emails name each request. */
export const revisionRequestLabels: Record<RevisionRequestKind, string> = {
  price: 'say the price',
  photo: 'use the photo you added',
  hook: 'open with another hook',
  faster: 'a faster feel (livelier camera moves)',
  calmer: 'a calmer feel (gentler camera moves)',
};

/** What a revision keeps, whatever the note says: the page says so beside the note. */
export const revisionKeeps = ['the website', 'the length', 'the style'] as const;

export const revisionMessages = {
  noteMissing: 'Please write what you would like changed.',
  noteTooLong: `Please keep your note to ${revisionLimits.noteMaxChars} characters.`,
  notCompleted: 'A revision can be asked for once your ad is ready.',
  windowPassed: `The free revision could be asked for within ${revisionLimits.windowDays} days of your ad being ready; that time has passed.`,
  alreadyUsed: "This order's free revision has already been asked for.",
  /** The template writer found nothing it can do in the note: the revision is not used. */
  notUnderstood: (can: string) =>
    `We could not find a change our writer can make in your note. It can: ${can}. Your revision is still yours to use.`,
  contentRefused: (category: string) =>
    `We can't make that change: your note falls under "${category}", which our terms do not allow.`,
  /** The order's ad was made before the render request a revision starts from was kept. */
  notKept:
    'Your ad was made before revisions were possible, so there is nothing our writer can revise from. Version 1 stays yours.',
  /** The template writer tried the note's requests on this ad and can carry out none (revisionNotDone lines). */
  nothingPossible: (notDone: readonly string[]) =>
    `Our writer cannot make the changes you asked for to this ad: ${notDone.join('; ')}. Your revision is still yours to use.`,
} as const;

/** A request version 2 will not carry out, as the page, the email and the API say it. */
export const revisionNotDone = (request: RevisionRequestKind, why: string) =>
  `${revisionRequestLabels[request]}: ${why}`;

/**
 * The name of the render request PlanRenders keeps beside an order's files (`<order id>/…`): the
 * revision starts from it, and the revision route reads nothing else of the videos bucket.
 */
export const renderRequestFileName = 'render-request.json';

/** The requests, as a sentence's list: "say the price, open with another hook or a faster pace". */
export function revisionRequestList(kinds: readonly RevisionRequestKind[] = revisionRequestKinds): string {
  const labels = kinds.map((kind) => revisionRequestLabels[kind]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

/** The note as the template writer reads it: what it will do, and the parts it cannot. */
export interface RevisionReading {
  requests: RevisionRequestKind[];
  /** Parts of the note no request matched, as the buyer wrote them (at most 80 characters each). */
  beyond: string[];
}

// Each a plain alternation of literals between word boundaries: linear on a 400-character note.
const requestPatterns: Record<Exclude<RevisionRequestKind, 'photo'>, RegExp> = {
  price: /\b(price|prices|priced|cost|costs|how much|\$ ?\d)/iu,
  hook: /\b(hook|opening|open with|first line|first seconds?|first scene|intro|start with|begin with)\b/iu,
  faster: /\b(faster|quicker|speed it up|speed up|more energy|energetic|punchier|snappier|livelier|more dynamic)\b/iu,
  calmer: /\b(calmer|slower|slow it down|slow down|more relaxed|relaxing|gentler|softer|less busy|more calm)\b/iu,
};
const photoPattern = /\b(photo|photos|picture|pictures|image|images|pic|pics)\b/iu;
/** Words that ask for nothing: a clause of these alone is not a request the writer missed. */
const courtesy = /^(please|thanks|thank you|thx|hi|hello|ok|okay|cheers|great|nice|the|it|also)$/iu;

/**
 * Reads the note clause by clause (sentences, then "and", "also", commas). A clause that names a
 * request is that request; a photo counts when one is attached (attached and unmentioned too);
 * asking for faster and calmer at once is neither. Anything else is beyond the template writer.
 */
export function readRevisionNote(note: string, photoAttached: boolean): RevisionReading {
  const requests = new Set<RevisionRequestKind>();
  const beyond: string[] = [];
  const clauses = note
    .split(/[.;!?\n]+|,|\band\b|\balso\b|\bthen\b|\bplus\b/iu)
    .map((clause) => clause.trim().replace(/\s+/g, ' '))
    .filter((clause) => clause && !courtesy.test(clause));
  for (const clause of clauses) {
    const found = (Object.keys(requestPatterns) as (keyof typeof requestPatterns)[]).filter((kind) =>
      requestPatterns[kind].test(clause),
    );
    const bothPaces = found.includes('faster') && found.includes('calmer');
    const kinds: RevisionRequestKind[] = bothPaces
      ? found.filter((kind) => kind !== 'faster' && kind !== 'calmer')
      : found;
    if (photoPattern.test(clause) && photoAttached) kinds.push('photo');
    if (kinds.length) for (const kind of kinds) requests.add(kind);
    else beyond.push(clause.slice(0, 80));
  }
  if (photoAttached) requests.add('photo');
  if (requests.has('faster') && requests.has('calmer')) {
    requests.delete('faster');
    requests.delete('calmer');
    beyond.push('both a faster and a calmer pace');
  }
  return { requests: revisionRequestKinds.filter((kind) => requests.has(kind)), beyond };
}

/** Until when a completed order may ask for its revision. */
export function revisionAvailableUntil(completedAt: string): Date {
  return new Date(new Date(completedAt).getTime() + revisionLimits.windowDays * 24 * 3600 * 1000);
}

/** The revision's execution: the order's own is named after the order, its version 2 after it. */
export const revisionExecutionName = (orderId: string) => `${orderId}-v2`;

/** The order id of an execution name, and whether it is the order's revision. */
export function executionOrder(name: string): { orderId: string; revision: boolean } {
  return name.endsWith('-v2') ? { orderId: name.slice(0, -3), revision: true } : { orderId: name, revision: false };
}
