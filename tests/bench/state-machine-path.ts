// The happy path through the synthesized ASL: the states an execution enters when every task
// succeeds. Step Functions Standard bills one state
// transition per state entered, so the path's length is the transitions billed per ad.
import type { AslDefinition, AslState } from '#local/cloudformation/template.ts';

export interface HappyPath {
  /** State names in the order they are entered. */
  states: string[];
  /** Task state name → times entered. */
  taskRuns: Record<string, number>;
}

/**
 * Walks `Next` from `StartAt`. The footage Choice takes its Default (an engine-only stage skips
 * footage). A Map counts as one state (its iterations' transitions are the pack's). Catch and
 * Retry are never taken: nothing fails on the happy path.
 */
export function happyPath(definition: AslDefinition): HappyPath {
  const states: string[] = [];
  const taskRuns: Record<string, number> = {};
  let name: string | undefined = definition.StartAt;
  while (name !== undefined) {
    if (states.length > 1000) throw new Error('The happy path does not end (a loop without a way out?)');
    const state: AslState | undefined = definition.States[name];
    if (!state) throw new Error(`The ASL names a state it does not define: ${name}`);
    states.push(name);
    if (state.Type === 'Task') taskRuns[name] = (taskRuns[name] ?? 0) + 1;
    name = nextState(name, state);
  }
  return { states, taskRuns };
}

function nextState(name: string, state: AslState): string | undefined {
  switch (state.Type) {
    case 'Succeed':
    case 'Fail':
      return undefined;
    case 'Choice': {
      const [first] = (state.Choices as { Next: string; Variable?: string }[] | undefined) ?? [];
      // The footage loop's Choice: the bench prices the engine-only ad, whose StartFootage answers
      // `skipped` and goes straight on (footage adds a few transitions per poll, priced by its group).
      if (first?.Variable === '$.footage.status' && typeof state.Default === 'string') return state.Default;
      // The first Choice sends a revision (`$.revision` present) its own way; an order goes on.
      if (first?.Variable === '$.revision' && typeof state.Default === 'string') return state.Default;
      throw new Error(`Choice ${name} is not one the happy path knows how to take`);
    }
    default:
      return state.End === true ? undefined : (state.Next as string | undefined);
  }
}
