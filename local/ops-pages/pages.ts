// The twin's ops pages (/_local/*): what an engineer on call would look at in the AWS console —
// orders in DynamoDB, generation executions, and the mail the product sent, each email rendered
// (HTML in a sandboxed frame, and its text) with its headers. Tables stack into one card per row
// on a phone, so no page scrolls sideways at 390 px.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  type DecodedMessage,
  decodeWords as decodeHeaderWords,
  decodeMessage,
  type SesOutbox,
} from '#local/ses/outbox.ts';
import type { HistoryEventRecord } from '#local/step-functions/executions.ts';
import type { LocalStepFunctions } from '#local/step-functions/server.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { escapeHtml } from '#shared/html.ts';
import { envNames } from '#shared/runtime-env.ts';

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
main{padding:16px 24px}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f5f5f5}pre{background:#f5f5f5;padding:8px;overflow:auto;max-width:80ch;white-space:pre-wrap;overflow-wrap:anywhere}.FAILED,.TIMED_OUT,.ABORTED,.failed{color:#b00020}.SUCCEEDED,.completed{color:#066}
iframe{width:100%;height:70vh;border:1px solid #ddd;border-radius:8px;background:#fff}
@media (max-width:640px){header,main{padding-left:12px;padding-right:12px}h1{font-size:20px;overflow-wrap:anywhere}
table.rows,table.rows tbody,table.rows tr,table.rows td{display:block}table.rows thead{display:none}
table.rows tr{border:1px solid #ddd;border-radius:8px;margin:0 0 12px;padding:4px 0}table.rows td{border:0;padding:2px 10px}
table.rows td[data-label]::before{content:attr(data-label);display:block;font-size:12px;color:#555}}</style></head>
<body><header><strong>ReelFive twin</strong> · <a href="/_local/orders">Orders</a><a href="/_local/executions">Executions</a><a href="/_local/mail">Mail</a><a href="/">Site</a></header>
<main><h1>${escapeText(title)}</h1>${body}</main></body></html>`;
}

/**
 * A table whose cells carry their column's name: on a phone (CSS above) each row becomes a card
 * of labelled lines. `cells` are HTML, already escaped.
 */
function rowsTable(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = columns.map((column) => `<th>${escapeText(column)}</th>`).join('');
  const body = rows
    .map(
      (cells) =>
        `<tr>${cells.map((cell, index) => `<td data-label="${escapeText(columns[index] ?? '')}">${cell}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="rows"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

async function ordersPage(): Promise<string> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const scan = await client.send(new ScanCommand({ TableName: process.env[envNames.ordersTable], Limit: 500 }));
  client.destroy();
  const orders = ((scan.Items ?? []) as OrderRecord[]).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const rows = orders.map((order) => [
    `<a href="/success?order_id=${escapeText(order.id)}">${escapeText(order.id)}</a>`,
    escapeText(when(order.created_at)),
    escapeText(order.email),
    escapeText(order.website),
    `${escapeText(order.style)} · ${escapeText(order.duration_seconds)} s`,
    `<span class="${escapeText(order.order_status)}">${escapeText(order.order_status)}</span>`,
    `${escapeText(order.payment_status)}${order.amount_cents === null || order.amount_cents === undefined ? '' : ` · $${(order.amount_cents / 100).toFixed(2)}`}`,
    `${escapeText(order.stage)} · ${escapeText(order.progress)}%`,
    order.execution_arn ? `<a href="/_local/executions/${escapeText(order.id)}">states</a>` : '',
  ]);
  return page(
    `Orders (${orders.length})`,
    rowsTable(['Id', 'Created (UTC)', 'Email', 'Website', 'Ad', 'Status', 'Payment', 'Stage', 'Execution'], rows),
  );
}

async function executionsPage(sources: OpsSources): Promise<string> {
  const executions = [...(await sources.steps.listExecutions())].reverse();
  const rows = executions.map((execution) => [
    `<a href="/_local/executions/${escapeText(execution.name)}">${escapeText(execution.name)}</a>`,
    `<span class="${escapeText(execution.status)}">${escapeText(execution.status)}</span>`,
    escapeText(when(execution.startDate)),
    escapeText(when(execution.stopDate)),
    escapeText(execution.error ?? ''),
  ]);
  return page(
    `Executions (${executions.length})`,
    rowsTable(['Name (order id)', 'Status', 'Started (UTC)', 'Stopped', 'Error'], rows),
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
  const rows = stateVisits(execution.events).map((visit) => {
    const seconds = visit.exited === undefined ? 'running' : `${((visit.exited - visit.entered) / 1000).toFixed(2)} s`;
    const retries = visit.failures.length
      ? `<ul>${visit.failures.map((failure) => `<li class="failed">${escapeText(failure)}</li>`).join('')}</ul>`
      : '';
    return [
      escapeText(visit.name),
      escapeText(when(visit.entered)),
      seconds,
      `${visit.failures.length}${retries}`,
      `<details><summary>input</summary><pre>${escapeText(pretty(visit.input))}</pre></details>
<details><summary>output</summary><pre>${escapeText(pretty(visit.output))}</pre></details>`,
    ];
  });
  return page(
    `Execution ${name}`,
    `<p>Status: <strong class="${escapeText(execution.status)}">${escapeText(execution.status)}</strong> · started ${escapeText(when(execution.startDate))}${execution.stopDate ? ` · stopped ${escapeText(when(execution.stopDate))}` : ''} · <a href="/success?order_id=${escapeText(name)}">order page</a></p>
${execution.error ? `<p>Error: <strong>${escapeText(execution.error)}</strong></p><pre>${escapeText(pretty(execution.cause))}</pre>` : ''}
<h2>States</h2>${rowsTable(['State', 'Entered (UTC)', 'Took', 'Failed attempts', 'Data'], rows)}
<h2>Execution input</h2><pre>${escapeText(pretty(execution.input))}</pre>
<h2>Execution output</h2><pre>${escapeText(pretty(execution.output))}</pre>`,
  );
}

async function mailPage(sources: OpsSources): Promise<string> {
  const messages = await sources.outbox.listMessages();
  const rows = messages.map((message) => [
    escapeText(when(message.date)),
    escapeText(message.to.join(', ')),
    `<a href="/_local/mail/${encodeURIComponent(message.id)}">${escapeText(message.subject)}</a>`,
    escapeText(message.from),
  ]);
  return page(`Mail (${messages.length})`, rowsTable(['Sent (UTC)', 'To', 'Subject', 'From'], rows));
}

/**
 * One email as its reader gets it: who and when, the HTML in a sandboxed frame (no scripts, no
 * forms, its own opaque origin; links open in a new tab), the text part, the attachments and
 * every header.
 * Inline images (cid:) are served from the message itself; the raw .eml stays one link away.
 */
function messagePage(id: string, message: DecodedMessage): string {
  const base = `/_local/mail/${encodeURIComponent(id)}`;
  const headerRows = Object.entries(message.headers).map(([name, value]) => [
    escapeText(name),
    escapeText(decodeHeaderWords(value)),
  ]);
  const partUrl = (index: number) => `${base}/part/${index}`;
  const html =
    message.html === undefined
      ? null
      : message.attachments.reduce(
          (rendered, attachment, index) =>
            attachment.contentId ? rendered.split(`cid:${attachment.contentId}`).join(partUrl(index)) : rendered,
          message.html,
        );
  const frame =
    html === null
      ? '<p>This email has no HTML part.</p>'
      : `<iframe title="The email's HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeText(withLinksInNewTabs(html))}"></iframe>`;
  const files = message.attachments.map((attachment, index) => [
    `<a href="${partUrl(index)}">${escapeText(attachment.filename)}</a>`,
    escapeText(attachment.contentType),
    `${attachment.inline ? 'inline' : 'attachment'}${attachment.contentId ? ` · cid:${escapeText(attachment.contentId)}` : ''}`,
    `${Math.ceil(attachment.content.length / 1024)} KB`,
  ]);
  return page(
    decodeHeaderWords(message.headers.subject ?? '(no subject)'),
    `<p><a href="/_local/mail">All mail</a> · <a href="${base}/raw">Download the .eml</a></p>
<p>${['from', 'to', 'date']
      .map((name) => `<strong>${name}</strong> ${escapeText(decodeHeaderWords(message.headers[name] ?? ''))}`)
      .join('<br>')}</p>
<h2>HTML</h2>${frame}
<h2>Text</h2>${message.text === undefined ? '<p>This email has no text part.</p>' : `<pre>${escapeText(message.text)}</pre>`}
${files.length ? `<h2>Attachments</h2>${rowsTable(['File', 'Type', 'Disposition', 'Size'], files)}` : ''}
<h2>Headers</h2>${rowsTable(['Header', 'Value'], headerRows)}`,
  );
}

/** The frame may open popups only: its links open in a new tab, not inside the frame. */
function withLinksInNewTabs(html: string): string {
  const base = '<base target="_blank">';
  // After <head>, not before the doctype: that would put the email in quirks mode.
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

/** What `/_local/mail/<id>[/raw|/part/<n>]` asks for; null for anything else. */
function mailRequest(rest: string): { id: string; view: 'page' | 'raw' | number } | null {
  const [encodedId = '', kind, index, ...extra] = rest.split('/');
  const id = decodedOrNull(encodedId);
  if (!id || extra.length) return null;
  if (kind === undefined) return { id, view: 'page' };
  if (kind === 'raw' && index === undefined) return { id, view: 'raw' };
  if (kind === 'part' && index !== undefined && /^\d+$/.test(index)) return { id, view: Number(index) };
  return null;
}

/** Serves one email's page, raw .eml or part; false when there is no such email or part. */
async function serveMail(res: ServerResponse, sources: OpsSources, rest: string): Promise<boolean> {
  const request = mailRequest(rest);
  const raw = request ? await sources.outbox.readMessage(request.id).catch(() => null) : null;
  if (!request || raw === null) return false;
  res.setHeader('cache-control', 'no-store');
  if (request.view === 'raw') {
    res.setHeader('content-type', 'message/rfc822');
    res.setHeader('content-disposition', `attachment; filename="${request.id.replace(/[^\w.-]/g, '')}.eml"`);
    res.end(raw);
    return true;
  }
  const message = decodeMessage(raw);
  if (request.view === 'page') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    // The frame inherits this: an email may style itself and show its own inline images, nothing more.
    res.setHeader(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'none'",
    );
    res.end(messagePage(request.id, message));
    return true;
  }
  const part = message.attachments[request.view];
  if (!part) return false;
  res.setHeader('content-type', part.contentType);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader(
    'content-disposition',
    `${part.inline ? 'inline' : 'attachment'}; filename="${part.filename.replace(/[^\w.-]/g, '_')}"`,
  );
  res.end(part.content);
  return true;
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
  else if (path.startsWith('/_local/mail/') && (await serveMail(res, sources, path.slice(13)))) return;
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
