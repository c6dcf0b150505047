// bench/results.json: every figure of the last run of each group, so a change can be compared with
// it. A partial run (`--only`) replaces the figures and sections of the groups it ran and keeps
// the rest as they were, each figure naming its group.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { budgetText, type Figure } from './figures.ts';

export const resultsFile = 'bench/results.json';

export interface Results {
  measuredAt: string;
  machine: string;
  /** When each group last ran. */
  groupsMeasuredAt: Record<string, string>;
  figures: Figure[];
  /** Structured sections some groups add (cold init per function, cost per ad), by group. */
  sections: Record<string, unknown>;
}

export async function writeResults(
  ranGroups: readonly string[],
  figures: readonly Figure[],
  sections: Record<string, unknown>,
): Promise<void> {
  const measuredAt = new Date().toISOString();
  const previous = await readFile(resultsFile, 'utf8')
    .then((text) => JSON.parse(text) as Partial<Results>)
    .catch(() => ({}) as Partial<Results>);
  const ran = new Set(ranGroups);
  // Figures from before groups existed cannot be told apart; a run replaces them all.
  const kept = (previous.figures ?? []).filter((figure) => figure.group && !ran.has(figure.group));
  const keptSections = Object.fromEntries(Object.entries(previous.sections ?? {}).filter(([group]) => !ran.has(group)));
  const results: Results = {
    measuredAt,
    machine: `${process.platform} ${process.arch}, Node ${process.version}`,
    groupsMeasuredAt: {
      ...Object.fromEntries(
        Object.entries(previous.groupsMeasuredAt ?? {}).filter(
          ([group]) => !ran.has(group) && kept.some((f) => f.group === group),
        ),
      ),
      ...Object.fromEntries(ranGroups.map((group) => [group, measuredAt])),
    },
    figures: [...kept, ...figures],
    sections: { ...keptSections, ...sections },
  };
  await mkdir('bench', { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

export function printSummary(figures: readonly Figure[]): void {
  console.log('\nSummary');
  for (const figure of figures) {
    const budget = figure.budget ? budgetText(figure.budget, figure.unit) : '';
    const verdict = figure.met === undefined ? '' : figure.met ? 'ok' : 'MISSED';
    const value = Number.isNaN(figure.value) ? 'failed' : `${figure.value} ${figure.unit}`;
    console.log(`  ${figure.name.padEnd(78)} ${value.padStart(14)}  ${budget.padEnd(14)} ${verdict}`);
  }
}
