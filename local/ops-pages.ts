// The twin's ops pages (/_local/*): what an engineer on call would look at in the AWS console —
// orders in DynamoDB, generation executions, and the mail the product sent.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderRecord } from '#orders/order-record.ts';
import { escapeHtml } from '#shared/html.ts';
import { envNames } from '#shared/runtime-env.ts';
import type { SesOutbox } from './ses-outbox.ts';
import type { LocalStepFunctions } from './step-functions.ts';
import type { HistoryEventRecord } from './step-functions-executions.ts';

export interface OpsSources {
  url: string;
  steps: Pick<LocalStepFunctions, 'listExecutions'>;
  outbox: Pick<SesOutbox, 'listMessages' | 'readMessage'>;
}

/** Any value (numbers, dates, missing fields) as escaped text. */
const escapeText = (value: unknown) => escapeHtml(String(value ?? ''));

/** Epoch ms (executions) or an ISO date (orders, mail), as UTC to the second. */
const when = (value: number | string | undefined) => {
  if (value === undefined) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().replace('T', ' ').slice(0, 19);
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)} · ReelFive twin</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0;color:#111}header{background:#111;color:#fff;padding:12px 24px}header a{color:#fff;margin-right:16px}
main{padding:16px 24px}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#f5f5f5}pre{background:#f5f5f5;padding:8px;overflow:auto;max-width:80ch}.FAILED,.TIMED_OUT,.ABORTED,.failed{color:#b00020}.SUCCEEDED,.completed{color:#066}</style></head>
<body><header><strong>ReelFive twin</strong> · <a href="/_local/orders">Orders</a><a href="/_local/executions">Executions</a><a href="/_local/mail">Mail</a><a href="/">Site</a></header>
<main><h1>${escapeText(title)}</h1>${body}</main></body></html>`;
}

async function ordersPage(): Promise<string> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const scan = await client.send(new ScanCommand({ TableName: process.env[envNames.ordersTable], Limit: 500 }));
  client.destroy();
  const orders = ((scan.Items ?? []) as OrderRecord[]).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const rows = orders
    .map(
      (order) => `<tr><td><a href="/success?order_id=${escapeText(order.id)}">${escapeText(order.id)}</a></td>
<td>${escapeText(when(order.created_at))}</td><td>${escapeText(order.email)}</td><td>${escapeText(order.website)}</td>
<td>${escapeText(order.style)} · ${escapeText(order.duration_seconds)} s</td><td class="${escapeText(order.order_status)}">${escapeText(order.order_status)}</td>
<td>${escapeText(order.payment_status)}${order.amount_cents === null || order.amount_cents === undefined ? '' : ` · $${(order.amount_cents / 100).toFixed(2)}`}</td>
<td>${escapeText(order.stage)} · ${escapeText(order.progress)}%</td><td>${order.execution_arn ? `<a href="/_local/executions/${escapeText(order.id)}">execution</a>` : ''}</td></tr>`,
    )
    .join('');
  return page(
    `Orders (${orders.length})`,
    `<table><thead><tr><th>Id</th><th>Created (UTC)</th><th>Email</th><th>Website</th><th>Ad</th><th>Status</th><th>Payment</th><th>Stage</th><th></th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

async function executionsPage(sources: OpsSources): Promise<string> {
  const executions = [...(await sources.steps.listExecutions())].reverse();
  const rows = executions
    .map(
      (
        execution,
      ) => `<tr><td><a href="/_local/executions/${escapeText(execution.name)}">${escapeText(execution.name)}</a></td>
<td class="${escapeText(execution.status)}">${escapeText(execution.status)}</td><td>${escapeText(when(execution.startDate))}</td>
<td>${escapeText(when(execution.stopDate))}</td><td>${escapeText(execution.error ?? '')}</td></tr>`,
    )
    .join('');
  return page(
    `Executions (${executions.length})`,
    `<table><thead><tr><th>Name (order id)</th><th>Status</th><th>Started (UTC)</th><th>Stopped</th><th>Error</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

interface StateVisit {
  name: string;
  entered: number;
  exited?: number;
  input?: unknown;
  output?: unknown;
  failures: string[];
}

/** The history folded into one row per state visit: timing, failed attempts (retries), input/output. */
function stateVisits(events: HistoryEventRecord[]): StateVisit[] {
  const visits: StateVisit[] = [];
  for (const event of events) {
    const details = Object.values(event).find((value) => typeof value === 'object' && value !== null) as
      | Record<string, unknown>
      | undefined;
    if (event.type.endsWith('StateEntered')) {
      visits.push({ name: String(details?.name ?? ''), entered: event.timestamp, input: details?.input, failures: [] });
    } else if (event.type.endsWith('StateExited')) {
      const visit = visits.findLast((candidate) => candidate.name === details?.name && candidate.exited === undefined);
      if (visit) Object.assign(visit, { exited: event.timestamp, output: details?.output });
    } else if (event.type === 'TaskFailed' || event.type === 'TaskTimedOut') {
      const visit = visits.findLast((candidate) => candidate.exited === undefined);
      visit?.failures.push(`${String(details?.error ?? event.type)}: ${String(details?.cause ?? '').slice(0, 300)}`);
    }
  }
  return visits;
}

const pretty = (value: unknown) => {
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
};

async function executionPage(sources: OpsSources, name: string): Promise<string | null> {
  const execution = (await sources.steps.listExecutions()).find((candidate) => candidate.name === name);
  if (!execution) return null;
  const rows = stateVisits(execution.events)
    .map((visit) => {
      const seconds =
        visit.exited === undefined ? 'running' : `${((visit.exited - visit.entered) / 1000).toFixed(2)} s`;
      const retries = visit.failures.length
        ? `<ul>${visit.failures.map((failure) => `<li class="failed">${escapeText(failure)}</li>`).join('')}</ul>`
        : '';
      return `<tr><td>${escapeText(visit.name)}</td><td>${escapeText(when(visit.entered))}</td><td>${seconds}</td>
<td>${visit.failures.length}${retries}</td>
<td><details><summary>input</summary><pre>${escapeText(pretty(visit.input))}</pre></details>
<details><summary>output</summary><pre>${escapeText(pretty(visit.output))}</pre></details></td></tr>`;
    })
    .join('');
  return page(
    `Execution ${name}`,
    `<p>Status: <strong class="${escapeText(execution.status)}">${escapeText(execution.status)}</strong> · started ${escapeText(when(execution.startDate))}${execution.stopDate ? ` · stopped ${escapeText(when(execution.stopDate))}` : ''} · <a href="/success?order_id=${escapeText(name)}">order page</a></p>
${execution.error ? `<p>Error: <strong>${escapeText(execution.error)}</strong></p><pre>${escapeText(pretty(execution.cause))}</pre>` : ''}
<h2>States</h2><table><thead><tr><th>State</th><th>Entered (UTC)</th><th>Took</th><th>Failed attempts</th><th>Data</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Execution input</h2><pre>${escapeText(pretty(execution.input))}</pre>
<h2>Execution output</h2><pre>${escapeText(pretty(execution.output))}</pre>`,
  );
}

async function mailPage(sources: OpsSources): Promise<string> {
  const messages = await sources.outbox.listMessages();
  const rows = messages
    .map(
      (message) => `<tr><td>${escapeText(when(message.date))}</td><td>${escapeText(message.to.join(', '))}</td>
<td><a href="/_local/mail/${encodeURIComponent(message.id)}">${escapeText(message.subject)}</a></td><td>${escapeText(message.from)}</td></tr>`,
    )
    .join('');
  return page(
    `Mail (${messages.length})`,
    `<table><thead><tr><th>Sent (UTC)</th><th>To</th><th>Subject</th><th>From</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export async function serveOpsPage(req: IncomingMessage, res: ServerResponse, sources: OpsSources): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://twin').pathname.replace(/\/$/, '');
  let html: string | null = null;
  if (path === '/_local' || path === '/_local/orders') html = await ordersPage();
  else if (path === '/_local/executions') html = await executionsPage(sources);
  else if (path.startsWith('/_local/executions/')) {
    const name = decodedOrNull(path.slice(19));
    if (name !== null) html = await executionPage(sources, name);
  } else if (path === '/_local/mail') html = await mailPage(sources);
  else if (path.startsWith('/_local/mail/')) {
    const name = decodedOrNull(path.slice(13));
    const raw = name === null ? null : await sources.outbox.readMessage(name).catch(() => null);
    if (raw !== null) {
      res.setHeader('content-type', 'message/rfc822');
      res.end(raw);
      return;
    }
  }
  res.statusCode = html ? 200 : 404;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(html ?? page('Not found', `<p>Nothing at ${escapeText(path)}.</p>`));
}

/** A path segment decoded; null when its percent-encoding is malformed (the page is then not found). */
function decodedOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
