// The cost group: one order per length on the twin, watched end to end, priced with the
// synthesized configuration; printed, recorded and written to bench/cost-per-ad.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Twin } from '#local/twin.ts';
import { adDurations } from '#shared/contract.ts';
import { writeProductPhoto } from '#tests/integration/support/ad-fixtures.ts';
import { type AdJourney, runAdJourney, runRevisionJourney } from './ad-journey.ts';
import type { CloudAssembly } from './cloud-assembly.ts';
import type { ColdInit } from './cold-init.ts';
import { appliedTexts } from './content-check.ts';
import { type ModelCosts, modelCosts } from './cost-models.ts';
import { type AdCost, costOfAd } from './cost-per-ad.ts';
import { printCosts, writeCostMarkdown } from './cost-report.ts';
import { observeHttpServers } from './http-observer.ts';
import type { StackFunction } from './stack-template.ts';

export async function benchCostPerAd(
  twin: Twin,
  assembly: CloudAssembly,
  functions: readonly StackFunction[],
  coldInits: readonly ColdInit[],
): Promise<AdCost[]> {
  const workDir = await mkdtemp(join(tmpdir(), 'reelfive-cost-bench-'));
  const observer = observeHttpServers();
  const journeys: AdJourney[] = [];
  /** What each order's AnalyzeWebsite sent the guardrail stand-in (ApplyGuardrail requests). */
  const checkedTexts: string[][] = [];
  let revisionJourney: AdJourney | undefined;
  let revisionChecks: string[] = [];
  try {
    const photo = await writeProductPhoto(workDir);
    // The twin compiles each handler on its first call (a cold start of its own, which the
    // cold-init figures already price): a first order warms them, and is not counted.
    await runAdJourney(twin, observer, Math.min(...adDurations), photo);
    for (const durationSeconds of adDurations) {
      const checksBefore = twin.guardrail.requests.length;
      const journey = await runAdJourney(twin, observer, durationSeconds, photo);
      if (journey.outcome !== 'completed') throw new Error(`the ${durationSeconds} s order ${journey.outcome}`);
      journeys.push(journey);
      checkedTexts.push(appliedTexts(twin.guardrail.requests.slice(checksBefore)));
    }
    // The 12 s order's free revision, priced as its own execution.
    const last = journeys.at(-1);
    if (last) {
      const checksBefore = twin.guardrail.requests.length;
      revisionJourney = await runRevisionJourney(twin, observer, last);
      if (revisionJourney.outcome !== 'ready') throw new Error(`the revision ${revisionJourney.outcome}`);
      revisionChecks = appliedTexts(twin.guardrail.requests.slice(checksBefore));
    }
  } finally {
    observer.stop();
    await rm(workDir, { recursive: true, force: true });
  }
  // Bedrock and Polly, which the twin does not call, for the storyboard each order got.
  const models: ModelCosts[] = [];
  for (const journey of journeys) models.push(await modelCosts(journey, assembly, functions));
  const costs = journeys.map((journey, index) =>
    costOfAd(journey, assembly, functions, coldInits, twin.env, models[index] as ModelCosts, checkedTexts[index] ?? []),
  );
  // A revision writes and voices the ad again: the 12 s order's Bedrock and Polly once more.
  const revision =
    revisionJourney &&
    costOfAd(
      revisionJourney,
      assembly,
      functions,
      coldInits,
      twin.env,
      models.at(-1) as ModelCosts,
      revisionChecks,
      true,
    );
  printCosts(costs, revision);
  await writeCostMarkdown(costs, new Date().toISOString(), revision);
  return costs;
}
