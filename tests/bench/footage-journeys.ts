// The footage group: paid → completed on a twin whose ads get AI footage from each provider's
// local contract server (docs/budgets.md: ≤ 30 s), with the state machine's real Wait times. Each
// provider's twin runs in a child process (footage-journey-child.ts), one twin per process.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { footageProviders } from '#shared/config-schema.ts';
import { record, recordFailure, round } from './figures.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export async function benchFootageJourneys(): Promise<void> {
  for (const provider of footageProviders) {
    try {
      const result = await new Promise<{ seconds: number; outcome: string; footageUsd: number }>((resolve, reject) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'tests/bench/footage-journey-child.ts', provider],
          { cwd: projectRoot, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
          (error, stdout, stderr) => {
            const line = stdout.trim().split('\n').at(-1) ?? '';
            if (error) reject(new Error(`${error.message}\n${stderr.slice(-2000)}`));
            else resolve(JSON.parse(line));
          },
        );
      });
      record(
        `paid → ${result.outcome} on the twin with ${provider} footage (8 s ad, photo)`,
        round(result.seconds),
        's',
        {
          max: 30,
        },
        `footage $${result.footageUsd.toFixed(2)}`,
      );
    } catch (error) {
      recordFailure(`paid → completed with ${provider} footage`, error);
    }
  }
}
