// The ads group's voice-only grid (`npm run bench -- --only=ads --voice-only`): every demo shop ×
// style × 4/8/12 s written, read by the twin's voice and placed on the ad's clock exactly as
// renderStoryboard does (speakScenes, placeOnVoice: the end card cut on the voice's beat), but
// neither drawn nor encoded — about a second an ad instead of a minute, so the whole grid's voice gaps and pace are measured on every run, and how
// often the voice needed the last-resort placement (the end card's line left unsaid).
// Written to bench/ad-voices.md; `--shops=a,b` as for the rendered scorecard.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdGateError, placeOnVoice, speakScenes } from '#generation/compose/render-storyboard.ts';
import type { Placement } from '#generation/compose/voice-track.ts';
import { StepFailure } from '#generation/step-errors.ts';
import { openingsOf, withOpening } from '#generation/storyboard/openings.ts';
import type { OpeningId } from '#generation/storyboard/storyboard.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import { writeStoryboard } from '#generation/storyboard/write-storyboard.ts';
import type { Voice } from '#generation/voice/voice.ts';
import type { WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { buyerPhotoPath, demoUploadKey } from '#local/demo-shops/shops.ts';
import type { Style } from '#shared/contract.ts';
import type { AdOrder } from './ad-orders.ts';
import { adBudgets, heardWordsPerSecond, longestVoiceGap, paceBudgets } from './ad-scorecard.ts';
import { voiceTimeline } from './ad-timeline.ts';
import { record, round } from './figures.ts';

export const voicesMarkdown = 'bench/ad-voices.md';

export interface VoiceScore {
  ad: string;
  style: Style;
  /** The longest silence but the beat before the end card, and where it starts on the ad's clock. */
  gapSeconds: number;
  gapFromSeconds: number;
  heardWordsPerSecond: number;
  placement: Placement;
  endCardLineDropped: boolean;
  voiceLines: string[];
  /** The ad's openings to A/B test (A alone when it has no others). */
  openings: OpeningId[];
}

/** An ad's voice, or why there is none (an unreadable site with no photo gets no ad; a voice that does not fit). */
export type VoiceOutcome = VoiceScore | { ad: string; noAd: string };

/**
 * An ad's voice; with `opening`, the ad with that opening in its first scene (storyboard/openings.ts),
 * named `<ad>-<id>`.
 */
export async function scoreVoice(
  order: AdOrder,
  site: WebsiteAnalysis,
  voice: Voice,
  opening?: OpeningId,
): Promise<VoiceOutcome> {
  const { shop, style, durationSeconds } = order;
  const ad = `${shop.slug}-${style}-${durationSeconds}${opening ? `-${opening}` : ''}`;
  let storyboard: ReturnType<typeof storyboardSchema.parse>;
  try {
    const uploadKey = buyerPhotoPath(shop) ? demoUploadKey : null;
    const written = await writeStoryboard({ site, order: { style, durationSeconds, uploadKey } });
    storyboard = storyboardSchema.parse(written.storyboard);
    if (opening) storyboard = withOpening(storyboard, opening);
  } catch (error) {
    if (error instanceof StepFailure) return { ad, noAd: error.message };
    throw error;
  }
  const workDir = await mkdtemp(join(tmpdir(), 'reelfive-ad-voice-'));
  try {
    const spoken = await speakScenes(storyboard, voice, workDir);
    let placing: ReturnType<typeof placeOnVoice>;
    try {
      placing = placeOnVoice(storyboard, spoken);
    } catch (error) {
      if (error instanceof AdGateError) return { ad, noAd: error.problems.join('; ') };
      throw error;
    }
    const { placed } = placing;
    const timeline = voiceTimeline(placing.storyboard, placed.lines);
    const gap = longestVoiceGap(timeline);
    return {
      ad,
      style,
      gapSeconds: gap.seconds,
      gapFromSeconds: gap.fromSeconds,
      heardWordsPerSecond: heardWordsPerSecond(timeline),
      placement: placed.placement,
      endCardLineDropped: placed.endCardLineDropped,
      voiceLines: storyboard.scenes.map((scene) => scene.voiceLine),
      openings: openingsOf(storyboard).map((each) => each.id),
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

const isVoice = (outcome: VoiceOutcome): outcome is VoiceScore => 'gapSeconds' in outcome;

/** The grid's table and its totals: the longest gap, the ads over budget, the last resorts. */
export function voicesReport(outcomes: readonly VoiceOutcome[]): { table: string; totals: string[] } {
  const voiced = outcomes.filter(isVoice);
  const rows = outcomes.map((outcome) => {
    if (!isVoice(outcome)) return [outcome.ad, `no ad: ${outcome.noAd}`, '', '', ''];
    const pace = paceBudgets[outcome.style];
    const paced = outcome.heardWordsPerSecond >= pace.min && outcome.heardWordsPerSecond <= pace.max;
    return [
      outcome.ad,
      `${outcome.gapSeconds.toFixed(2)} s at ${outcome.gapFromSeconds.toFixed(2)} s${outcome.gapSeconds > adBudgets.longestVoiceGapSeconds + 1e-6 ? ' ✗' : ''}`,
      `${outcome.heardWordsPerSecond.toFixed(2)}${paced ? '' : ' ✗'}`,
      `${outcome.placement}${outcome.endCardLineDropped ? ' (CTA line dropped)' : ''}`,
      outcome.voiceLines.map((line) => `"${line}"`).join(' · '),
    ];
  });
  const header = ['ad', 'longest gap', 'words/s', 'voice placed', 'voice'];
  const table = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
  const longest = voiced.reduce<VoiceScore | undefined>(
    (best, score) => (!best || score.gapSeconds > best.gapSeconds ? score : best),
    undefined,
  );
  const over = voiced.filter((score) => score.gapSeconds > adBudgets.longestVoiceGapSeconds + 1e-6);
  const lastResorts = voiced.filter((score) => score.placement === 'over-end-card');
  const main = voiced.filter((score) => !/-[BC]$/.test(score.ad));
  const totals = [
    `- ads voiced: ${voiced.length} of ${outcomes.length} (the rest: no ad, as listed)`,
    `- longest voice gap over the grid: ${longest ? `${longest.gapSeconds.toFixed(2)} s (${longest.ad})` : 'n/a'}; over ${adBudgets.longestVoiceGapSeconds} s: ${over.length}${over.length ? ` (${over.map((score) => score.ad).join(', ')})` : ''}`,
    `- last-resort placement (the story over the end card): ${lastResorts.length}; the end card's line dropped: ${voiced.filter((score) => score.endCardLineDropped).length}`,
    `- openings to A/B test (storyboard/openings.ts; each other opening voiced as its own row, \`<ad>-B\`, \`<ad>-C\`): ${[3, 2, 1].map((count) => `${main.filter((score) => score.openings.length === count).length} ads with ${count}`).join(', ')}`,
  ];
  return { table, totals };
}

export async function benchAdVoices(
  orders: readonly AdOrder[],
  siteOf: (order: AdOrder) => Promise<WebsiteAnalysis>,
  voice: Voice,
): Promise<VoiceOutcome[]> {
  const outcomes: VoiceOutcome[] = [];
  const log = (outcome: VoiceOutcome) =>
    console.log(
      isVoice(outcome)
        ? `${outcome.ad}: gap ${outcome.gapSeconds.toFixed(2)} s, ${outcome.heardWordsPerSecond.toFixed(2)} words/s, ${outcome.placement}`
        : `${outcome.ad}: no ad (${outcome.noAd})`,
    );
  for (const order of orders) {
    const site = await siteOf(order);
    const outcome = await scoreVoice(order, site, voice);
    outcomes.push(outcome);
    log(outcome);
    // Each other opening is the same ad but its first scene: its voice is placed again.
    for (const opening of isVoice(outcome) ? outcome.openings.slice(1) : []) {
      const other = await scoreVoice(order, site, voice, opening);
      outcomes.push(other);
      log(other);
    }
  }
  const voiced = outcomes.filter(isVoice);
  if (voiced.length) {
    record(
      'ad voices, longest gap over the grid',
      round(Math.max(...voiced.map((score) => score.gapSeconds)), 2),
      's',
      { max: adBudgets.longestVoiceGapSeconds },
      `${voiced.length} ads voiced, not rendered`,
    );
    record(
      "ad voices, last-resort placements (the end card's line dropped)",
      voiced.filter((score) => score.placement === 'over-end-card').length,
      '',
      undefined,
      `of ${voiced.length} ads`,
    );
  }
  const { table, totals } = voicesReport(outcomes);
  console.log(`\n${table}\n\n${totals.join('\n')}\n`);
  await writeFile(
    voicesMarkdown,
    [
      '# Ad voices (not rendered)',
      '',
      `\`npm run bench -- --only=ads --voice-only\`, ${new Date().toISOString()}: each demo shop's ad written (template writer), read by the twin's voice (festival) and placed as renderStoryboard places it; nothing drawn or encoded. Longest gap: the longest silence but one beat before the end card (budget ≤ ${adBudgets.longestVoiceGapSeconds} s).`,
      '',
      ...totals,
      '',
      table,
      '',
    ].join('\n'),
  );
  console.log(`ad voices: ${voicesMarkdown}`);
  return outcomes;
}
