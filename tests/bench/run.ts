// `npm run bench`: every budget of docs/budgets.md, measured on this machine, printed as a
// table against its budget and written to bench/results.json (so a change can be compared with
// the last run), plus the cost per ad (bench/cost-per-ad.md). Exits 1 when any budget is missed.
// Figures, not assertions: tests never time.
//
// `npm run bench -- --only=cold-init,cost` runs some groups (and what they need); the figures of
// the others stay in bench/results.json as they were. `--only=ads --full` scores every demo shop's
// ad in every style and length (ads.ts); without --full, a quick subset.
import '#local/cli/node20-sdk-notice.ts';
import { buildSiteIfStale } from '#local/cloudfront/site-build.ts';
import { benchAds } from './ads.ts';
import { benchAiLabel } from './ai-label.ts';
import { type CloudAssembly, synthesizeStaging } from './cloud-assembly.ts';
import { type ColdInit, measureColdInits, recordColdInits } from './cold-init.ts';
import { benchContentCheck } from './content-check.ts';
import { benchCostPerAd } from './cost-group.ts';
import { costMarkdownFile } from './cost-report.ts';
import { figures, record, round, runGroup } from './figures.ts';
import { benchFootageCost, footageCostFile } from './footage-cost.ts';
import { benchFootageJourneys } from './footage-journeys.ts';
import { benchNewsletter } from './newsletter-latency.ts';
import { benchOrderCreation } from './order-create-latency.ts';
import { benchDynamoDbLocalReads, benchOrderReads } from './order-reads.ts';
import { benchPack } from './pack.ts';
import { benchPreviews } from './preview-latency.ts';
import { benchPackFormats, benchRenders } from './renders.ts';
import { printSummary, resultsFile, writeResults } from './results.ts';
import { benchLighthouse, benchPageWeights } from './site-figures.ts';
import { benchSiteReading } from './site-reading.ts';
import { type StackFunction, stackFunctions } from './stack-template.ts';
import { benchGeneration, benchRealtime, benchTwinStart } from './twin-figures.ts';

const groups = [
  'synth',
  'cold-init',
  'renders',
  'label',
  'pack-formats',
  'twin-start',
  'generation',
  'pack',
  'cost',
  'footage-cost',
  'footage',
  'page-weights',
  'lighthouse',
  'dynamodb-floor',
  'get-order',
  'realtime',
  'preview',
  'create-order',
  'newsletter',
  'site-reading',
  'content-check',
  'ads',
] as const;
type Group = (typeof groups)[number];

/** What a group cannot run without (run first, figures recorded too). */
const needs: Partial<Record<Group, Group[]>> = {
  'cold-init': ['synth'],
  cost: ['synth', 'cold-init', 'twin-start'],
  generation: ['twin-start'],
  pack: ['twin-start'],
  'page-weights': ['generation'],
  lighthouse: ['twin-start'],
  'dynamodb-floor': ['generation'],
  'get-order': ['generation'],
  realtime: ['twin-start'],
  preview: ['twin-start'],
  'create-order': ['twin-start'],
  newsletter: ['twin-start'],
};

function selectedGroups(argv: readonly string[]): Set<Group> {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (!only) return new Set(groups);
  const selected = new Set<Group>();
  const add = (name: string) => {
    if (!(groups as readonly string[]).includes(name)) {
      throw new Error(`Unknown bench group "${name}"; the groups are ${groups.join(', ')}`);
    }
    if (selected.has(name as Group)) return;
    selected.add(name as Group);
    for (const needed of needs[name as Group] ?? []) add(needed);
  };
  for (const name of only.split(',').filter(Boolean)) add(name.trim());
  return selected;
}

const selected = selectedGroups(process.argv.slice(2));
const runs = (group: Group) => selected.has(group);
const sections: Record<string, unknown> = {};

await buildSiteIfStale((line) => console.log(line));
let assembly: CloudAssembly | undefined;
const needAssembly = () => {
  if (!assembly) throw new Error('there is no synthesized stack to read (see the synth group)');
  return assembly;
};
try {
  let functions: StackFunction[] = [];
  if (runs('synth')) {
    assembly = await runGroup('synth', async () => {
      const synthesized = await synthesizeStaging();
      record('cdk synth (staging, with bundling and cdk-nag)', round(synthesized.synthSeconds), 's');
      functions = stackFunctions(synthesized);
      return synthesized;
    });
  }
  let coldInits: ColdInit[] = [];
  if (runs('cold-init')) {
    coldInits =
      (await runGroup('cold-init', async () => {
        needAssembly();
        const measured = await measureColdInits(functions);
        recordColdInits(measured);
        sections['cold-init'] = measured;
        return measured;
      })) ?? [];
  }
  if (runs('renders')) await runGroup('renders', benchRenders);
  if (runs('label')) await runGroup('label', benchAiLabel);
  if (runs('pack-formats')) await runGroup('pack-formats', benchPackFormats);
  if (runs('footage-cost')) {
    await runGroup('footage-cost', async () => {
      sections['footage-cost'] = { perModel: await benchFootageCost(), markdown: footageCostFile };
    });
  }
  // Each provider's twin in a process of its own (handlers keep their clients per process).
  if (runs('footage')) await runGroup('footage', benchFootageJourneys);
  if (runs('site-reading')) await runGroup('site-reading', benchSiteReading);
  if (runs('ads')) {
    await runGroup('ads', async () => {
      const scores = await benchAds(process.argv.slice(2));
      sections.ads = { scorecard: 'bench/ad-scorecard.json', ads: scores.length };
    });
  }
  if (runs('content-check')) {
    await runGroup('content-check', async () => {
      sections['content-check'] = await benchContentCheck();
    });
  }

  const twin = runs('twin-start') ? await runGroup('twin-start', benchTwinStart) : undefined;
  if (twin) {
    try {
      const completedOrderId =
        (runs('generation') && (await runGroup('generation', () => benchGeneration(twin)))) || '';
      if (runs('pack')) await runGroup('pack', () => benchPack(twin));
      if (runs('cost')) {
        await runGroup('cost', async () => {
          const perAd = await benchCostPerAd(twin, needAssembly(), functions, coldInits);
          sections.cost = { perAd, markdown: costMarkdownFile };
        });
      }
      if (runs('page-weights')) await runGroup('page-weights', () => benchPageWeights(twin, completedOrderId));
      if (runs('lighthouse')) await runGroup('lighthouse', () => benchLighthouse(twin));
      if (runs('dynamodb-floor'))
        await runGroup('dynamodb-floor', () => benchDynamoDbLocalReads(twin, completedOrderId));
      if (runs('get-order')) await runGroup('get-order', () => benchOrderReads(twin, completedOrderId));
      if (runs('realtime')) await runGroup('realtime', () => benchRealtime(twin));
      if (runs('preview')) await runGroup('preview', () => benchPreviews(twin));
      if (runs('create-order')) await runGroup('create-order', () => benchOrderCreation(twin));
      if (runs('newsletter')) await runGroup('newsletter', () => benchNewsletter(twin));
    } finally {
      await twin.stop();
    }
  }
} finally {
  await assembly?.remove();
}

const missed = figures.filter((figure) => figure.met === false);
printSummary(figures);
await writeResults([...selected], figures, sections);
console.log(`\n${figures.length} figures, ${missed.length} budgets missed; written to ${resultsFile}`);
process.exit(missed.length > 0 ? 1 : 0);
