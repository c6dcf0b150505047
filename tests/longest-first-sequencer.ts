// The order test files start in: the longest first, whatever their project. Vitest's own order runs
// the projects one after the other (checks, contract, faults, infra, integration, unit), so a long unit file
// started only once every integration file had, and ran alone on one core while the other sat idle.
// On 2 workers the run ends when its last file does, so the long files go first and the short ones
// fill the gaps at the end.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const known = (file: TestSpecification) => {
      // Vitest's own key for a file's last result (node_modules/.vite/vitest, written after each run).
      const key = `${file.project.name}:${relative(config.root, file.moduleId)}`;
      return { duration: cache.getFileTestResults(key)?.duration, size: cache.getFileStats(key)?.size ?? 0 };
    };
    const facts = new Map(files.map((file) => [file, known(file)]));
    return [...files].sort((a, b) => {
      const first = facts.get(a)!;
      const second = facts.get(b)!;
      // A file without a recorded duration (new, or a fresh checkout) may be long: it starts first,
      // the larger before the smaller, as Vitest does within a project.
      if (first.duration === undefined || second.duration === undefined) {
        if (first.duration !== second.duration) return first.duration === undefined ? -1 : 1;
        return second.size - first.size;
      }
      return second.duration - first.duration;
    });
  }
}
