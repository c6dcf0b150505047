// The synthesized ASL as aws-local-stepfunctions gets it: refused when it uses what the library
// lacks, timeouts clamped to what a timer holds, Wait and Retry times scaled for the tests.
import { type AslDefinition, allStates } from '#local/cloudformation/template.ts';
import { TaskFailure } from './executions.ts';

/**
 * aws-local-stepfunctions ignores JSONata without a word and lacks variables and task tokens;
 * a definition using them would run wrongly, so the twin refuses it up front.
 */
export function refuseUnsupported(definition: AslDefinition): void {
  const problems: string[] = [];
  if (definition.QueryLanguage === 'JSONata') problems.push('QueryLanguage JSONata');
  for (const [name, state] of allStates(definition)) {
    if (state.QueryLanguage === 'JSONata') problems.push(`${name}: QueryLanguage JSONata`);
    if (state.Assign !== undefined) problems.push(`${name}: Assign (variables)`);
    if (String(state.Resource ?? '').endsWith('.waitForTaskToken')) problems.push(`${name}: .waitForTaskToken`);
  }
  if (problems.length) throw new Error(`The twin cannot run this state machine: ${problems.join('; ')}`);
}

/** setTimeout's ceiling: the runner arms timers for TimeoutSeconds, and Node fires longer ones after 1 ms. */
const maxTimerSeconds = Math.floor(2 ** 31 / 1000) - 1;

/**
 * The definition as the runner gets it: timeouts clamped to what a timer can hold and, with a
 * waitScale, Wait states that read their time from the input (SecondsPath/TimestampPath) turned
 * into Task states run by a local sleep (the runner's wait overrides are fixed numbers).
 */
export function runnableDefinition(
  definition: AslDefinition,
  scale: number,
): { definition: AslDefinition; scaledWaits: Map<string, (input: unknown) => number> } {
  const scaledWaits = new Map<string, (input: unknown) => number>();
  const copy = structuredClone(definition);
  const clamp = (holder: Record<string, unknown>) => {
    if (typeof holder.TimeoutSeconds === 'number')
      holder.TimeoutSeconds = Math.min(holder.TimeoutSeconds, maxTimerSeconds);
  };
  clamp(copy);
  for (const [name, state] of allStates(copy)) {
    clamp(state);
    if (scale === 1 || state.Type !== 'Wait' || (state.SecondsPath === undefined && state.TimestampPath === undefined))
      continue;
    const secondsPath = state.SecondsPath as string | undefined;
    const timestampPath = state.TimestampPath as string | undefined;
    scaledWaits.set(name, (input) =>
      secondsPath
        ? Number(readPath(input, secondsPath)) * 1000 * scale
        : Math.max(0, Date.parse(String(readPath(input, timestampPath as string))) - Date.now()) * scale,
    );
    for (const field of ['SecondsPath', 'TimestampPath']) delete state[field];
    Object.assign(state, { Type: 'Task', Resource: 'arn:aws:states:::twin:wait', TimeoutSeconds: maxTimerSeconds });
  }
  return { definition: copy, scaledWaits };
}

export function waitOverrides(definition: AslDefinition, scale: number): Record<string, number> {
  const overrides: Record<string, number> = {};
  if (scale === 1) return overrides;
  for (const [name, state] of allStates(definition)) {
    if (state.Type !== 'Wait') continue;
    if (typeof state.Seconds === 'number') overrides[name] = state.Seconds * 1000 * scale;
    else if (typeof state.Timestamp === 'string') {
      const timestamp = state.Timestamp;
      Object.defineProperty(overrides, name, {
        enumerable: true,
        get: () => Math.max(0, Date.parse(timestamp) - Date.now()) * scale,
      });
    }
  }
  return overrides;
}

/** Scaled retry intervals (without backoff growth: the runner takes one fixed interval per retrier). */
export function retryOverrides(definition: AslDefinition, scale: number): Record<string, number[]> {
  const overrides: Record<string, number[]> = {};
  if (scale === 1) return overrides;
  for (const [name, state] of allStates(definition)) {
    if (!Array.isArray(state.Retry)) continue;
    overrides[name] = (state.Retry as { IntervalSeconds?: number }[]).map(
      (retrier) => (retrier.IntervalSeconds ?? 1) * 1000 * scale,
    );
  }
  return overrides;
}

/** `$`, `$.a.b`, `$.a[0].b` — what SecondsPath/TimestampPath use in practice. */
function readPath(input: unknown, path: string): unknown {
  if (!path.startsWith('$')) throw new Error(`Unsupported path ${path}`);
  const steps = path.slice(1).match(/\.[^.[]+|\[\d+\]|\['[^']+'\]/g) ?? [];
  let value = input;
  for (const step of steps) {
    const key = step.startsWith('.') ? step.slice(1) : step.replace(/^\['?|'?\]$/g, '');
    value = (value as Record<string, unknown> | null)?.[key];
  }
  if (value === undefined) throw new TaskFailure('States.Runtime', `Path ${path} does not point to a value`);
  return value;
}
