// Plain-text views for the ops CLI: tables, masked emails, an execution's history in one line a state.
import type { HistoryEvent } from '@aws-sdk/client-sfn';

/** b***@example.com: enough to recognise a buyer on a call, not enough to copy. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function formatMoney(cents: number | null | undefined, currency = 'usd'): string {
  if (cents === null || cents === undefined) return '-';
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** Left-aligned columns, two spaces apart, with a header row. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

export interface StateSummary {
  state: string;
  /** How often it was entered (the footage loop enters CheckFootage many times). */
  entered: number;
  /** Time spent in it, summed over its entries. */
  milliseconds: number;
  /** The last failure of a task in this state, `Error: cause` (cause shortened). */
  failure?: string;
}

const failedTask = /^(LambdaFunction|Task)(Failed|TimedOut)$/;

/** Each state in the order first entered, with its time and its last failure. */
export function summarizeHistory(events: readonly HistoryEvent[]): StateSummary[] {
  const states = new Map<string, StateSummary>();
  let current: { summary: StateSummary; since: number } | null = null;
  for (const event of events) {
    const at = event.timestamp ? new Date(event.timestamp).getTime() : 0;
    const type = event.type ?? '';
    if (type.endsWith('StateEntered')) {
      const name = event.stateEnteredEventDetails?.name ?? '?';
      const summary = states.get(name) ?? { state: name, entered: 0, milliseconds: 0 };
      summary.entered += 1;
      states.set(name, summary);
      current = { summary, since: at };
    } else if (/State(Exited|Aborted)$/.test(type) && current) {
      current.summary.milliseconds += at - current.since;
      current = null;
    } else if (failedTask.test(type) && current) {
      const details =
        event.lambdaFunctionFailedEventDetails ??
        event.lambdaFunctionTimedOutEventDetails ??
        event.taskFailedEventDetails ??
        event.taskTimedOutEventDetails;
      current.summary.failure = shortFailure(details?.error, details?.cause);
    }
  }
  return [...states.values()];
}

/** The state the execution was in when it ended (where a redrive would resume). */
export function lastEnteredState(events: readonly HistoryEvent[]): string | undefined {
  return events.findLast((event) => event.type?.endsWith('StateEntered'))?.stateEnteredEventDetails?.name;
}

/** `Error: message`, with a Lambda error's JSON cause reduced to its errorMessage. */
export function shortFailure(error: string | undefined, cause: string | undefined): string {
  let detail = cause ?? '';
  try {
    detail = (JSON.parse(detail) as { errorMessage?: string }).errorMessage ?? detail;
  } catch {
    // A plain-text cause is already readable.
  }
  const text = [error, detail].filter(Boolean).join(': ');
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

export function formatDuration(milliseconds: number): string {
  return milliseconds < 60_000 ? `${(milliseconds / 1000).toFixed(1)} s` : `${(milliseconds / 60_000).toFixed(1)} min`;
}
