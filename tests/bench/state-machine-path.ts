// The happy path through the synthesized ASL: the states an execution enters when every task
// succeeds and the render is seen done at the n-th poll. Step Functions Standard bills one state
// transition per state entered, so the path's length is the transitions billed per ad.
import type { AslDefinition, AslState } from '#local/cloudformation.ts';

export interface HappyPath {
  /** State names in the order they are entered. */
  states: string[];
  /** Task state name → times entered. */
  taskRuns: Record<string, number>;
}

/**
 * Walks `Next` from `StartAt`. A Choice is the render poll loop: it takes its Default (back to the
 * wait) until its `polls`-th visit, then its first rule (the render succeeded); the footage Choice
 * takes its Default (an engine-only stage skips footage). Catch and Retry
 * are never taken: nothing fails on the happy path.
 */
export function happyPath(definition: AslDefinition, polls: number): HappyPath {
  const states: string[] = [];
  const taskRuns: Record<string, number> = {};
  const choiceVisits = new Map<string, number>();
  let name: string | undefined = definition.StartAt;
  while (name !== undefined) {
    if (states.length > 1000) throw new Error('The happy path does not end (a loop without a way out?)');
    const state: AslState | undefined = definition.States[name];
    if (!state) throw new Error(`The ASL names a state it does not define: ${name}`);
    states.push(name);
    if (state.Type === 'Task') taskRuns[name] = (taskRuns[name] ?? 0) + 1;
    name = nextState(name, state, polls, choiceVisits);
  }
  return { states, taskRuns };
}

function nextState(name: string, state: AslState, polls: number, choiceVisits: Map<string, number>) {
  switch (state.Type) {
    case 'Succeed':
    case 'Fail':
      return undefined;
    case 'Choice': {
      const [done] = (state.Choices as { Next: string; Variable?: string }[] | undefined) ?? [];
      // The footage loop's Choice: the bench prices the engine-only ad, whose StartFootage answers
      // `skipped` and goes straight on (footage adds a few transitions per poll, priced by its group).
      if (done?.Variable === '$.footage.status' && typeof state.Default === 'string') return state.Default;
      const visits = (choiceVisits.get(name) ?? 0) + 1;
      choiceVisits.set(name, visits);
      if (visits >= polls && done) return done.Next;
      if (typeof state.Default !== 'string') throw new Error(`Choice ${name} has no Default to poll again with`);
      return state.Default;
    }
    default:
      return state.End === true ? undefined : (state.Next as string | undefined);
  }
}

/** How many polls see a render of `renderMs` done when each poll follows a wait of `waitSeconds`. */
export function pollsFor(renderMs: number, waitSeconds: number): number {
  return Math.max(1, Math.ceil(renderMs / (waitSeconds * 1000)));
}

/** The Wait state(s) in the poll loop: the first Wait with a fixed Seconds. */
export function pollWaitSeconds(definition: AslDefinition): number {
  // The render's wait, not the footage loop's (WaitForFootage), which an engine-only ad skips.
  const wait = Object.entries(definition.States).find(
    ([name, state]) => state.Type === 'Wait' && typeof state.Seconds === 'number' && name !== 'WaitForFootage',
  )?.[1];
  if (!wait) throw new Error('The state machine has no Wait with fixed Seconds to poll the render with');
  return wait.Seconds as number;
}
