// The footage-cost group: what a 4, 8 and 12 s ad costs and leaves from $5 with each video model
// of the price table (generationConfig.footage.models), for the storyboards the template writer
// writes (every style; the dearest shown), every footage scene given its clip (no spend limit),
// plus Stripe's fee and AWS's estimate. Printed, recorded and written to bench/footage-cost.md.
import { writeFile } from 'node:fs/promises';
import { planFootage } from '#generation/footage/footage-plan.ts';
import { footageSettings } from '#generation/footage/footage-settings.ts';
import { orderCost } from '#generation/order-cost.ts';
import { config, generationConfig } from '#shared/config.ts';
import { adDurations, styles } from '#shared/contract.ts';
import { envNames } from '#shared/runtime-env.ts';
import { northwindStoryboard } from '#tests/integration/support/ad-fixtures.ts';
import { record } from './figures.ts';

export const footageCostFile = 'bench/footage-cost.md';

interface Cell {
  clipSeconds: number[];
  footageUsd: number;
  totalUsd: number;
  marginUsd: number;
  style: string;
}

export async function benchFootageCost(): Promise<Record<string, Record<number, Cell>>> {
  const table: Record<string, Record<number, Cell>> = {};
  for (const [model, entry] of Object.entries(generationConfig.footage.models)) {
    const settings = footageSettings({ [envNames.footageModel]: model, [envNames.footageMaxSpendUsd]: '1000' });
    if (!settings) throw new Error(`no settings for ${model}`);
    table[model] = {};
    for (const durationSeconds of adDurations) {
      let dearest: Cell | undefined;
      for (const style of styles) {
        // With the buyer's photo, so image-to-video models have a first frame for every scene.
        const board = await northwindStoryboard(style, durationSeconds, 'uploads/photo.jpg');
        const plan = planFootage(board, settings);
        const seconds = plan.clips.map((clip) => clip.seconds);
        const secondsGenerated = seconds.reduce((sum, value) => sum + value, 0);
        const cost = orderCost(
          { amount_cents: config.price.amountCents, duration_seconds: durationSeconds },
          {
            status: 'done',
            provider: entry.provider,
            model,
            scenes: [],
            costUsd: plan.clips.reduce((sum, clip) => sum + clip.costUsd, 0),
            secondsGenerated,
          },
        );
        const cell = {
          clipSeconds: seconds,
          footageUsd: cost.footage_usd,
          totalUsd: cost.total_usd,
          marginUsd: cost.margin_usd,
          style,
        };
        if (!dearest || cell.totalUsd > dearest.totalUsd) dearest = cell;
      }
      table[model]![durationSeconds] = dearest!;
      record(
        `cost per ad with ${entry.provider} ${model}, ${durationSeconds} s ad (dearest style)`,
        dearest!.totalUsd,
        'USD',
        undefined,
        `margin $${dearest!.marginUsd.toFixed(2)}`,
      );
    }
  }
  await writeFile(footageCostFile, footageCostMarkdown(table));
  return table;
}

function footageCostMarkdown(table: Record<string, Record<number, Cell>>): string {
  const lengths = adDurations;
  const cell = (value: Cell) =>
    `$${value.totalUsd.toFixed(2)} / **$${value.marginUsd.toFixed(2)}** (${value.clipSeconds.join(' + ') || 'no'} s, $${value.footageUsd.toFixed(2)} footage)`;
  const rows = Object.entries(table).map(([model, byLength]) => {
    const { provider, usdPerSecond } = generationConfig.footage.models[model]!;
    return `| ${provider} \`${model}\` ($${usdPerSecond['720p']}/s at 720p) | ${lengths.map((length) => cell(byLength[length]!)).join(' | ')} |`;
  });
  return [
    '# Cost per ad with AI footage (npm run bench -- --only=footage-cost)',
    '',
    `Cost / **margin from $${(config.price.amountCents / 100).toFixed(2)}** per ad: the footage scenes of the template writer's storyboards (benefit and proof; every style, the dearest shown) each given the shortest clip its model makes, at the price table's 720p rate, plus Stripe's fee (${generationConfig.costPerAd.stripePercent}% + ${generationConfig.costPerAd.stripeFixedCents}¢) and AWS's estimate per length. No spend limit applied: a stage's limit (default $0.75 per ad) leaves the scenes past it to the engine.`,
    '',
    `| model | ${lengths.map((length) => `${length} s ad`).join(' | ')} |`,
    `| --- | ${lengths.map(() => '---').join(' | ')} |`,
    ...rows,
    '',
  ].join('\n');
}
