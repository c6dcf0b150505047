// The cost per ad as the bench prints it, records it and writes it for docs/budgets.md
// (bench/cost-per-ad.md): one column per length, then the Lambda lines, Bedrock and Polly,
// assumptions and prices.
import { writeFile } from 'node:fs/promises';
import { renderStates } from '#shared/generation-steps.ts';
import { revisionNote } from './ad-journey.ts';
import { costAssumptions, notCounted } from './cost-assumptions.ts';
import type { AdCost } from './cost-per-ad.ts';
import { record, round } from './figures.ts';
import { gbSecondPrice, type Price, prices, pricesCheckedOn } from './prices.ts';

export const costMarkdownFile = 'bench/cost-per-ad.md';

const usd = (value: number, digits = 5) => `$${value.toFixed(digits)}`;
/** A quoted price as written: cents always shown, and every significant digit after them. */
const quoted = (value: number) => {
  const digits = value.toString().split('.')[1]?.length ?? 0;
  return value.toFixed(Math.max(2, digits));
};
const mb = (bytes: number) => `${round(bytes / 1024 / 1024, 2)} MB`;
/** Dollars with 5 decimals, or 2 significant digits when that would show a small cost as $0.00000. */
const usdFine = (value: number) =>
  value === 0 || value >= 0.00001 ? usd(value) : usd(value, 1 - Math.floor(Math.log10(value)));
const count = (value: number) => Math.round(value).toLocaleString('en-US');

const bedrockCell = (c: AdCost) =>
  c.bedrock.used
    ? `${usdFine(c.bedrock.usd)} (${c.bedrock.modelId}: ${count(c.bedrock.inputTokens)} in + ${count(c.bedrock.outputTokens)} out tokens)`
    : `${usd(0)} (the template writes the storyboard on this stage)`;
const pollyCell = (c: AdCost) =>
  c.polly.used
    ? `${usdFine(c.polly.usd)} (${c.polly.characters} chars × ${c.polly.requestsPerRead * (1 + c.polly.reReadShare)} requests, ${c.polly.engine})`
    : `${usd(0)} (no Polly voice on this stage)`;

/** Rows of the summary: a label, then one cell per length. */
function summaryRows(costs: readonly AdCost[]): string[][] {
  const row = (label: string, cell: (cost: AdCost) => string) => [label, ...costs.map(cell)];
  return [
    row(
      'Lambda',
      (c) => `${usd(c.lambda.usd)} (${c.lambda.invocations} invocations, ${round(c.lambda.gbSeconds, 2)} GB-s)`,
    ),
    row('Step Functions', (c) => `${usd(c.stepFunctions.usd)} (${c.stepFunctions.transitions} transitions)`),
    row(
      'S3',
      (c) =>
        `${usd(c.s3.usd)} (${c.s3.putRequests} PUT, ${c.s3.getRequests} GET, ${mb(c.s3.storedBytes)} × ${c.s3.storedDays} d)`,
    ),
    row('SES', (c) => `${usd(c.ses.usd)} (${c.ses.emails} emails)`),
    row('API Gateway', (c) => `${usd(c.apiGateway.usd)} (${c.apiGateway.requests} requests)`),
    row('Bedrock (storyboard)', bedrockCell),
    row('Polly (voice)', pollyCell),
    row(
      'Bedrock Guardrails (content check)',
      (c) =>
        `${usdFine(c.contentCheck.usd)} (${c.contentCheck.checks} checks, ${c.contentCheck.textUnits} text units × 2 policies)`,
    ),
    row('**AWS**', (c) => `**${usd(c.awsUsd)}**`),
    row('Stripe (2.9% + $0.30)', (c) => usd(c.stripe.usd, 3)),
    row('**Total**', (c) => `**${usd(c.totalUsd, 4)}**`),
    row(`**Margin from ${usd(costs[0]?.priceUsd ?? 5, 2)}**`, (c) => `**${usd(c.marginUsd, 4)}**`),
  ];
}

const table = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

export function printCosts(costs: readonly AdCost[], revision?: AdCost): void {
  console.log('\nCost per ad (USD), from the synthesized template and one order per length on the twin');
  const header = ['', ...costs.map((cost) => `${cost.durationSeconds} s ad`)];
  const rows = summaryRows(costs).map((cells) => cells.map((cell) => cell.replaceAll('**', '')));
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((cells) => (cells[column] ?? '').length)));
  for (const cells of [header, ...rows]) {
    console.log(`  ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`);
  }
  for (const cost of costs) {
    const label = `cost per ad, ${cost.durationSeconds} s ad`;
    record(
      `${label}: AWS`,
      round(cost.awsUsd, 5),
      'USD',
      undefined,
      `Lambda ${usd(cost.lambda.usd)}, Step Functions ${usd(cost.stepFunctions.usd)}, S3 ${usd(cost.s3.usd)}, SES ${usd(cost.ses.usd)}, API Gateway ${usd(cost.apiGateway.usd)}, Bedrock ${usdFine(cost.bedrock.usd)}, Polly ${usdFine(cost.polly.usd)}, content check ${usdFine(cost.contentCheck.usd)}`,
    );
    record(
      `${label}: Bedrock (storyboard)`,
      Number(cost.bedrock.usd.toPrecision(3)),
      'USD',
      undefined,
      `${cost.bedrock.modelId}, ${cost.bedrock.first.inputCharacters} + ${cost.bedrock.first.outputCharacters} chars → ${cost.bedrock.first.inputTokens} + ${cost.bedrock.first.outputTokens} tokens; repair turn ${usdFine(cost.bedrock.repair.usd)} × share ${cost.bedrock.repairShare}`,
    );
    record(
      `${label}: Polly (voice)`,
      Number(cost.polly.usd.toPrecision(3)),
      'USD',
      undefined,
      `${cost.polly.lines} lines, ${cost.polly.characters} chars × ${cost.polly.requestsPerRead} requests × (1 + ${cost.polly.reReadShare} re-reads), ${cost.polly.voiceId} ${cost.polly.engine}`,
    );
    record(
      `${label}: content check (Bedrock Guardrails)`,
      Number(cost.contentCheck.usd.toPrecision(3)),
      'USD',
      undefined,
      `${cost.contentCheck.checks} ApplyGuardrail calls (AnalyzeWebsite and the preview), ${cost.contentCheck.textUnits} text units × 2 policies`,
    );
    record(`${label}: total with Stripe`, round(cost.totalUsd, 4), 'USD');
    record(`${label}: margin from ${usd(cost.priceUsd, 2)}`, round(cost.marginUsd, 4), 'USD', {
      min: minimumMarginUsd,
    });
  }
  const order = costs.at(-1);
  if (revision && order) {
    record(
      `cost of a free revision (${order.durationSeconds} s ad): AWS`,
      round(revision.awsUsd, 5),
      'USD',
      undefined,
      `Lambda ${usd(revision.lambda.usd)}, Step Functions ${usd(revision.stepFunctions.usd)}, S3 ${usd(revision.s3.usd)}, SES ${usd(revision.ses.usd)}, Bedrock ${usdFine(revision.bedrock.usd)}, Polly ${usdFine(revision.polly.usd)}, content check ${usdFine(revision.contentCheck.usd)}`,
    );
    record(
      `margin of a ${order.durationSeconds} s order whose free revision is used`,
      round(order.marginUsd - revision.awsUsd, 4),
      'USD',
      { min: minimumMarginUsd },
    );
  }
}

/** What an order must leave of its $5 after AWS and Stripe, pack and revision included, without AI footage. */
const minimumMarginUsd = 4.4;

export async function writeCostMarkdown(
  costs: readonly AdCost[],
  measuredAt: string,
  revision?: AdCost,
): Promise<void> {
  const lengths = costs.map((cost) => `${cost.durationSeconds} s ad`);
  const lambdaTable = (cost: AdCost, heading: string) =>
    [
      heading,
      '',
      table(
        ['runs for', 'function', 'memory, arch', 'invocations', 'ms each', 'billed init (cold starts)', 'GB-s', 'USD'],
        cost.lambda.lines.map((line) => [
          line.role,
          line.function,
          `${line.memoryMb} MB ${line.architecture}`,
          String(line.invocations),
          String(line.msEach),
          `${line.initMs} ms × ${line.coldStarts}`,
          String(round(line.gbSeconds, 3)),
          usd(line.usd, 6),
        ]),
      ),
    ].join('\n');
  const lambdaTables = costs.map((cost) =>
    lambdaTable(
      cost,
      `### ${cost.durationSeconds} s ad (order ${cost.measured.orderId.slice(0, 8)}: paid → completed ${round(cost.measured.paidToDoneSeconds)} s on the twin, render ${round(cost.measured.renderMs / 1000, 2)} s, photo ${round(cost.measured.photoBytes / 1024, 0)} KB, load average ${round(cost.measured.loadAverage, 1)})`,
    ),
  );
  const order = costs.at(-1);
  const revisionSection =
    revision && order
      ? `## A free revision

Each order may ask for one revision (\`shared/revision.ts\`): its own execution (\`<order id>-v2\`) that writes and
voices the ad again and renders its 720x1280 file (docs/render-shape.md, "The revision"). Priced here from the
${order.durationSeconds} s order's revision on the twin, asked for with the note "${revisionNote}"; Bedrock and Polly
as for that order's storyboard (the writer rewrites it, the voice reads it again). No payment, so no Stripe fee.

${table(
  ['per revision (USD)', `${order.durationSeconds} s ad`],
  summaryRows([revision]).filter(([label]) => !/Stripe|Total|Margin/.test(label ?? '')),
)}

An order whose free revision is used leaves **${usd(order.marginUsd - revision.awsUsd, 4)}** of its ${usd(order.priceUsd, 2)}
(${usd(order.marginUsd, 4)} for the order, less ${usd(revision.awsUsd, 5)} for the revision).

${lambdaTable(revision, `### The revision's functions (version 2 ready ${round(revision.measured.paidToDoneSeconds)} s after it was asked for, load average ${round(revision.measured.loadAverage, 1)})`)}
`
      : '';
  const modelTable = table(
    ['per ad', ...lengths],
    [
      ['Bedrock model (from the synthesized WriteStoryboard)', ...costs.map((c) => `\`${c.bedrock.modelId}\``)],
      ["the order's site, as the twin read it", ...costs.map((c) => c.bedrock.siteSource)],
      [
        'storyboard call: request → input tokens',
        ...costs.map((c) => `${count(c.bedrock.first.inputCharacters)} chars → ${count(c.bedrock.first.inputTokens)}`),
      ],
      [
        'storyboard call: answer → output tokens',
        ...costs.map(
          (c) => `${count(c.bedrock.first.outputCharacters)} chars → ${count(c.bedrock.first.outputTokens)}`,
        ),
      ],
      ['storyboard call', ...costs.map((c) => usdFine(c.bedrock.first.usd))],
      [
        'a repair turn, if one is needed: input + output tokens',
        ...costs.map(
          (c) =>
            `${count(c.bedrock.repair.inputTokens)} + ${count(c.bedrock.repair.outputTokens)} (${usdFine(c.bedrock.repair.usd)})`,
        ),
      ],
      ['share of ads with a repair turn (assumed)', ...costs.map((c) => String(c.bedrock.repairShare))],
      ['**Bedrock**', ...costs.map((c) => `**${usdFine(c.bedrock.usd)}**`)],
      ['Polly voice (the style’s, from style-voices.ts)', ...costs.map((c) => `${c.polly.voiceId}, ${c.polly.engine}`)],
      ['voice lines spoken, characters in all', ...costs.map((c) => `${c.polly.lines}, ${c.polly.characters}`)],
      [
        'requests per read × (1 + share of lines re-read, assumed)',
        ...costs.map((c) => `${c.polly.requestsPerRead} × (1 + ${c.polly.reReadShare})`),
      ],
      ['billed characters', ...costs.map((c) => count(c.polly.billedCharacters))],
      ['**Polly**', ...costs.map((c) => `**${usdFine(c.polly.usd)}**`)],
    ],
  );
  const writeStoryboardLine = costs[0]?.lambda.lines.find((line) => line.role === 'WriteStoryboard');
  const writeStoryboardPerSecond = writeStoryboardLine
    ? `${usdFine((writeStoryboardLine.memoryMb / 1024) * gbSecondPrice(writeStoryboardLine.architecture))} (${writeStoryboardLine.memoryMb} MB ${writeStoryboardLine.architecture})`
    : 'unknown';
  const priceRows = Object.values(prices).map((price: Price) => [
    `$${quoted(price.quotedUsd)} per ${price.units === 1 ? '' : `${price.units.toLocaleString('en-US')} `}${price.per}`,
    price.source,
  ]);
  const markdown = `# Cost per ad

Written by \`npm run bench\` (group \`cost\`) on ${measuredAt.slice(0, 10)}; do not edit by hand. Memory, architecture,
the state machine and bucket lifecycles come from the synthesized staging template; counts and durations from one
order per length made on the twin the way the site makes it (${costAssumptions.style}, with a product photo), on a
2-core x86_64 machine; Bedrock and Polly from the storyboard each order got (below); prices from \`tests/bench/prices.ts\` (checked ${pricesCheckedOn}; us-east-1, on demand, no free tier).

${table(['per ad (USD)', ...lengths], summaryRows(costs))}

Emails per order: ${costs[0]?.ses.kinds.map((kind) => `"${kind}"`).join(', ') || 'none'}.
Each order delivers the whole pack (\`generationConfig.pack.formats\` and the writer's other openings): its
pack renders are the render function's line "${renderStates.pack} (N pack files)" below.
Step Functions transitions are the states entered along the synthesized ASL's happy path, plus one per pack file
(its Map iteration's one state; the twin's executions entered
${costs.map((cost) => cost.stepFunctions.transitionsOnTheTwin).join(' / ')} states).

## Lambda, per function

Milliseconds are the median of what the function took on the twin (API handlers timed by the twin's HTTP server,
tasks, the primary render among them, from the execution history; a pack render from its Map iteration's start to its end). Each function an ad uses
starts cold once per ad and its init is billed (Lambda bills INIT since 2025-08-01): process start → handler
imported, from the cold-init group.

${lambdaTables.join('\n\n')}

${revisionSection}
## Bedrock and Polly, per ad

The twin writes with the template and speaks with festival, so neither service is called there; both
are priced from the storyboard each order got (WriteStoryboard's output in the execution history).
Bedrock: the real writer (\`lambdas/generation/storyboard/bedrock-writer.ts\`, the real Converse
client) runs against a local Converse server on 127.0.0.1 (\`tests/integration/support/bedrock-converse-stub.ts\`) that
answers with that storyboard as its one forced tool call; the request's system, messages and
toolConfig and the answer's tool input are counted as sent, at ${costAssumptions.charactersPerToken}
characters a token. A second run, whose first answer gives a price the site never gave, measures a
repair turn. Polly: every scene's voice line, the text between the SSML tags (tags are not billed),
once for the MP3 and once for the speech marks. The twin cannot read the site it is given (no
internet), so its storyboards are written from the domain alone: a real site gives the prompt its
facts and the lines more to say.

${modelTable}

WriteStoryboard's Lambda time above is the twin's, which calls no model; in AWS it also waits for the
Converse answer, each second of it ${writeStoryboardPerSecond}.

## Assumptions

${table(
  ['assumption', 'value'],
  Object.entries(costAssumptions).map(([name, value]) => [
    name,
    typeof value === 'object' ? JSON.stringify(value) : String(value),
  ]),
)}

See \`tests/bench/cost-assumptions.ts\` for why each holds.

Not counted: ${notCounted.join('; ')}.

## Prices

${table(['price', 'source'], priceRows)}
`;
  await writeFile(costMarkdownFile, markdown);
}
