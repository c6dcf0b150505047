// The content check's figures: the corpus (tests/content-check/corpus.ts) read by the real site
// reader and sent by the product's real Bedrock client to the twin's ApplyGuardrail stand-in, its
// false positives and negatives against each page's expected verdict; and what one check costs
// (ApplyGuardrail's price per text unit, prices.ts), which the cost per ad adds.
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { analyzeWebsite } from '#generation/website/analyze-website.ts';
import { checkSiteContent, contentCheckMaxChars } from '#generation/website/content-check.ts';
import { startLocalGuardrail } from '#local/content-guardrail/server.ts';
import { envNames } from '#shared/runtime-env.ts';
import { corpus } from '#tests/content-check/corpus.ts';
import { record, round } from './figures.ts';
import { prices, unitPrice } from './prices.ts';

/** Bedrock bills each policy per text unit of up to 1,000 characters, at least one per check. */
const textUnitChars = 1_000;

export interface ContentCheckCost {
  checks: number;
  /** Text units per policy, summed over the checks. */
  textUnits: number;
  usd: number;
}

/** The price of checks that sent these texts: each text's units, for both of the guardrail's policies. */
export function contentCheckCost(texts: readonly string[]): ContentCheckCost {
  const textUnits = texts.reduce((sum, text) => sum + Math.max(1, Math.ceil(text.length / textUnitChars)), 0);
  const perUnit = unitPrice(prices.guardrailContentFilterUnits) + unitPrice(prices.guardrailDeniedTopicUnits);
  return { checks: texts.length, textUnits, usd: textUnits * perUnit };
}

/** The text each ApplyGuardrail request carried (the product sends one text block). */
export function appliedTexts(requests: readonly { path: string; body: unknown }[]): string[] {
  return requests
    .filter((request) => request.path.endsWith('/apply'))
    .map((request) => (request.body as { content?: { text?: { text?: string } }[] }).content?.[0]?.text?.text ?? '');
}

export async function benchContentCheck(): Promise<Record<string, unknown>> {
  const guardrailId = 'benchguardrail';
  const guardrailVersion = '1';
  const guardrail = await startLocalGuardrail({ guardrailId, guardrailVersion });
  const client = new BedrockRuntimeClient({
    endpoint: guardrail.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDBENCH', secretAccessKey: 'bench' },
  });
  const saved = [process.env[envNames.contentGuardrailId], process.env[envNames.contentGuardrailVersion]];
  process.env[envNames.contentGuardrailId] = guardrailId;
  process.env[envNames.contentGuardrailVersion] = guardrailVersion;
  const falsePositives: string[] = [];
  const falseNegatives: string[] = [];
  const wrongCategory: string[] = [];
  try {
    for (const page of corpus) {
      const url = `https://${page.host}/`;
      const site = await analyzeWebsite(url, { fetchPage: async () => ({ finalUrl: url, html: page.html }) });
      const verdict = await checkSiteContent(site, { client });
      const said = verdict.refused ? verdict.category : 'pass';
      if (said === page.expected) continue;
      const line = `${page.host}: expected ${page.expected}, said ${said}`;
      if (page.expected === 'pass') falsePositives.push(line);
      else if (said === 'pass') falseNegatives.push(line);
      else wrongCategory.push(line);
    }
  } finally {
    [process.env[envNames.contentGuardrailId], process.env[envNames.contentGuardrailVersion]] = saved;
    if (saved[0] === undefined) delete process.env[envNames.contentGuardrailId];
    if (saved[1] === undefined) delete process.env[envNames.contentGuardrailVersion];
    client.destroy();
    await guardrail.stop();
  }
  const texts = appliedTexts(guardrail.requests);
  const cost = contentCheckCost(texts);
  const refusing = corpus.filter((page) => page.expected !== 'pass').length;
  const longest = Math.max(...texts.map((text) => text.length));
  record(
    'content check: corpus pages (prohibited / honest)',
    corpus.length,
    'pages',
    undefined,
    `${refusing} / ${corpus.length - refusing}`,
  );
  record(
    'content check: false positives (honest page refused)',
    falsePositives.length,
    'pages',
    undefined,
    falsePositives.join('; '),
  );
  record(
    'content check: false negatives (prohibited page passed)',
    falseNegatives.length,
    'pages',
    undefined,
    falseNegatives.join('; '),
  );
  record('content check: wrong category', wrongCategory.length, 'pages', undefined, wrongCategory.join('; '));
  record(
    'content check: cost per check (corpus mean)',
    Number((cost.usd / Math.max(1, cost.checks)).toPrecision(3)),
    'USD',
    undefined,
    `${cost.textUnits} text units × 2 policies over ${cost.checks} checks; longest text ${longest} chars (cap ${contentCheckMaxChars})`,
  );
  record(
    'content check: worst-case cost per check (at the cap)',
    Number(contentCheckCost(['x'.repeat(contentCheckMaxChars)]).usd.toPrecision(3)),
    'USD',
  );
  console.log(
    `\nContent check on ${corpus.length} pages (the twin's phrase classifier behind the ApplyGuardrail stand-in):`,
  );
  for (const line of [...falsePositives, ...falseNegatives, ...wrongCategory]) console.log(`  miss: ${line}`);
  return {
    pages: corpus.length,
    falsePositives,
    falseNegatives,
    wrongCategory,
    costPerCheckUsd: round(cost.usd / Math.max(1, cost.checks), 7),
  };
}
