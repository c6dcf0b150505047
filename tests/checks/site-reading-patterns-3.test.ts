// Part 3 of the site-reading patterns' check for catastrophic backtracking
// (tests/checks/support/reading-pattern-checks.ts; part 1 and the checks of the parts: site-reading-patterns.test.ts).
import { checkReadingPatterns } from './support/reading-pattern-checks.ts';

await checkReadingPatterns(3);
