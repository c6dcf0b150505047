// SES for the twin: an SESv2 `SendEmail` endpoint (what @aws-sdk/client-sesv2 calls) that writes
// each message as an RFC 5322 .eml file instead of sending it, so engineers can open what the
// product mailed (/_local/mail) and tests can read it.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { listen, readText, sendJson } from '#local/support/http.ts';

export interface SesOutboxOptions {
  /** Where the .eml files go. */
  directory: string;
  /** A free port is picked when absent. */
  port?: number;
}

export interface OutboxMessage {
  /** The MessageId SendEmail answered. */
  id: string;
  /** Bare addresses of To and Cc (Bcc recipients are not in the message, as with SES). */
  to: string[];
  from: string;
  subject: string;
  /** ISO 8601. */
  date: string;
  /** Absolute path of the .eml file. */
  file: string;
}

export interface SesOutbox {
  endpoint: string;
  stop(): Promise<void>;
  /** Every message sent, oldest first. */
  listMessages(): Promise<OutboxMessage[]>;
  /** The raw .eml text of one message. */
  readMessage(id: string): Promise<string>;
}

export interface DecodedMessage {
  headers: Record<string, string>;
  text?: string;
  html?: string;
  attachments: { filename: string; contentType: string; contentId?: string; inline: boolean; content: Buffer }[];
}

/** The body of SESv2 SendEmail, as the SDK serializes it (blobs are base64 strings). */
interface SendEmailRequest {
  Content?: { Raw?: { Data?: string }; Simple?: unknown; Template?: unknown };
}

class BadRequest extends Error {
  override name = 'BadRequestException';
}

export async function startSesOutbox(options: SesOutboxOptions): Promise<SesOutbox> {
  const directory = resolve(options.directory);
  await mkdir(directory, { recursive: true });

  const server = createServer((req, res) => {
    handle(req, res, directory).catch((error: Error) => {
      const status = error instanceof BadRequest ? 400 : 500;
      const type = error instanceof BadRequest ? error.name : 'InternalFailure';
      respond(res, status, { message: error.message }, { 'x-amzn-errortype': type });
    });
  });
  const listening = await listen(server, { port: options.port ?? 0 });

  const messageFiles = async () => (await readdir(directory)).filter((name) => name.endsWith('.eml')).sort();
  return {
    endpoint: `http://127.0.0.1:${listening.port}`,
    stop: listening.close,
    async listMessages() {
      const messages: OutboxMessage[] = [];
      for (const name of await messageFiles()) {
        const file = join(directory, name);
        const { headers } = splitMessage(await readFile(file, 'utf8'));
        messages.push({
          id: idOfFile(name),
          to: [headers.to, headers.cc].filter(Boolean).flatMap((list) => splitAddresses(list as string)),
          from: decodeWords(headers.from ?? ''),
          subject: decodeWords(headers.subject ?? ''),
          date: new Date(headers.date ?? 0).toISOString(),
          file,
        });
      }
      return messages;
    },
    async readMessage(id) {
      const name = (await messageFiles()).find((candidate) => idOfFile(candidate) === id);
      if (!name) throw new Error(`No message ${id} in the outbox`);
      return readFile(join(directory, name), 'utf8');
    },
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, directory: string): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://outbox').pathname;
  if (req.method !== 'POST' || path !== '/v2/email/outbound-emails') {
    respond(
      res,
      404,
      { message: `The twin's SES outbox only implements SendEmail, not ${req.method} ${path}` },
      {
        'x-amzn-errortype': 'NotFoundException',
      },
    );
    return;
  }
  let request: SendEmailRequest;
  try {
    request = JSON.parse(await readText(req)) as SendEmailRequest;
  } catch {
    throw new BadRequest('The request body is not JSON');
  }
  const messageId = `${Date.now().toString(16).padStart(16, '0')}-${randomUUID()}-000000`;
  const eml = toEml(request, messageId);
  // Sortable by time, and the id is recoverable from the name.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await writeFile(join(directory, `${stamp}_${messageId}.eml`), eml);
  respond(res, 200, { MessageId: messageId });
}

function respond(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendJson(res, status, body, { 'x-amzn-requestid': randomUUID(), ...headers });
}

const idOfFile = (name: string) => name.slice(name.indexOf('_') + 1, -'.eml'.length);

/** The message as SES would send it; the mailer builds its MIME itself and sends it Raw. */
function toEml(request: SendEmailRequest, messageId: string): string {
  const data = request.Content?.Raw?.Data;
  if (!data)
    throw new BadRequest("The twin's outbox takes Raw content, which the mailer sends (not Simple or Template)");
  const raw = Buffer.from(data, 'base64').toString('utf8');
  // SES adds these when the raw message lacks them.
  const { headers } = splitMessage(raw);
  const added = [
    ...(headers.date ? [] : [`Date: ${new Date().toUTCString()}`]),
    ...(headers['message-id'] ? [] : [`Message-ID: <${messageId}@email.amazonses.com>`]),
  ];
  return added.length ? `${added.join('\r\n')}\r\n${raw}` : raw;
}

/** Headers (lower-case names, unfolded) and the rest of a MIME entity. */
function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** RFC 2047 encoded words (`=?utf-8?B?…?=`) in a header, as text. */
export function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
  );
}

/** Bare addresses of an address-list header (`"A" <a@x>, b@y` → `a@x`, `b@y`). */
function splitAddresses(list: string): string[] {
  return (list.match(/(?:"[^"]*"|[^,])+/g) ?? [])
    .map((address) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim())
    .filter(Boolean);
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Reads an .eml back into its text, HTML and files (base64, quoted-printable and 7/8-bit parts). */
export function decodeMessage(raw: string): DecodedMessage {
  const decoded: DecodedMessage = { headers: splitMessage(raw).headers, attachments: [] };
  const visit = (entity: string) => {
    const { headers, body } = splitMessage(entity);
    const contentType = headers['content-type'] ?? 'text/plain';
    const boundary = parameter(contentType, 'boundary');
    if (/^multipart\//i.test(contentType) && boundary) {
      const parts = body.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        visit(part.replace(/^\r?\n/, ''));
      }
      return;
    }
    const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
    const content =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-Fa-f]{2})/g, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
              'latin1',
            )
          : Buffer.from(body.replace(/\r?\n$/, ''), 'utf8');
    const disposition = headers['content-disposition'] ?? '';
    const filename = parameter(disposition, 'filename') ?? parameter(contentType, 'name');
    const type = contentType.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
    if (!filename && type === 'text/plain' && decoded.text === undefined) decoded.text = content.toString('utf8');
    else if (!filename && type === 'text/html' && decoded.html === undefined) decoded.html = content.toString('utf8');
    else {
      const contentId = headers['content-id']?.replace(/^<|>$/g, '');
      decoded.attachments.push({
        filename: decodeWords(filename ?? 'unnamed'),
        contentType: type,
        ...(contentId ? { contentId } : {}),
        inline: /^inline/i.test(disposition),
        content,
      });
    }
  };
  visit(raw);
  return decoded;
}
