// The twin's Amazon Bedrock runtime for one call, ApplyGuardrail, on 127.0.0.1: HTTP/2 with prior
// knowledge (the Bedrock Runtime client's default handler is NodeHttp2Handler) and the same REST
// JSON wire protocol (POST /guardrail/{id}/version/{version}/apply, body {source, content},
// answer {usage, action, outputs, assessments}; errors as status + x-amzn-errortype + {message}),
// so the product's real BedrockRuntimeClient, pointed here by AWS_ENDPOINT_URL_BEDROCK_RUNTIME,
// cannot tell it from AWS. It knows the one guardrail the twin's template names, judges with the
// local classifier, and records every request for the contract test.
import { randomUUID } from 'node:crypto';
import { createServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { listen, readText, sendJson } from '#local/support/http.ts';
import { classifyContent } from './classifier.ts';

export interface GuardrailRequestRecord {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface LocalGuardrail {
  /** http://127.0.0.1:<port>: Bedrock runtime's origin as the SDK is pointed at it. */
  url: string;
  requests: GuardrailRequestRecord[];
  stop(): Promise<void>;
}

/** What a blocked input is replaced with (the guardrail's blockedInputMessaging in the stack). */
export const localBlockedMessage = 'This content is not allowed by the ReelFive terms.';

/** Bedrock bills and counts text in units of up to 1,000 characters. */
const textUnitChars = 1_000;
const maxBodyBytes = 1024 * 1024;

const applyPath = /^\/guardrail\/([^/]+)\/version\/([^/]+)\/apply$/;

export async function startLocalGuardrail(options: {
  guardrailId: string;
  guardrailVersion: string;
  port?: number;
}): Promise<LocalGuardrail> {
  const requests: GuardrailRequestRecord[] = [];
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (res.headersSent) res.end();
      else awsError(res, 500, 'InternalServerException', error.message);
    });
  });

  async function handle(req: Http2ServerRequest, res: Http2ServerResponse): Promise<void> {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://guardrail').pathname);
    const text = req.method === 'POST' ? await readText(req, maxBodyBytes) : '';
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method ?? 'GET', path, headers: plainHeaders(req), body });
    const route = applyPath.exec(path);
    if (req.method !== 'POST' || !route) return awsError(res, 404, 'UnknownOperationException', 'Unknown operation');
    if (text === null) return awsError(res, 413, 'ValidationException', 'The request is too large');
    if (route[1] !== options.guardrailId || route[2] !== options.guardrailVersion) {
      return awsError(res, 404, 'ResourceNotFoundException', 'The guardrail or its version was not found');
    }
    const texts = contentTexts(body);
    if (!texts) {
      return awsError(
        res,
        400,
        'ValidationException',
        'source must be INPUT or OUTPUT and content a list of text blocks',
      );
    }
    const topics = classifyContent(texts.join('\n')).topics;
    const intervened = topics.length > 0;
    const units = texts.reduce((sum, item) => sum + Math.max(1, Math.ceil(item.length / textUnitChars)), 0);
    sendJson(res, 200, {
      usage: {
        topicPolicyUnits: units,
        contentPolicyUnits: units,
        wordPolicyUnits: 0,
        sensitiveInformationPolicyUnits: 0,
        sensitiveInformationPolicyFreeUnits: 0,
        contextualGroundingPolicyUnits: 0,
      },
      action: intervened ? 'GUARDRAIL_INTERVENED' : 'NONE',
      outputs: intervened ? [{ text: localBlockedMessage }] : [],
      assessments: [
        {
          ...(intervened
            ? {
                topicPolicy: {
                  topics: topics.map((name) => ({ name, type: 'DENY', action: 'BLOCKED', detected: true })),
                },
              }
            : {}),
          invocationMetrics: {
            guardrailProcessingLatency: 1,
            usage: { topicPolicyUnits: units, contentPolicyUnits: units },
          },
        },
      ],
    });
  }

  const listening = await listen(server, { port: options.port ?? 0 });
  return { url: `http://127.0.0.1:${listening.port}`, requests, stop: listening.close };
}

/** The texts of a well-formed request body, or null. */
function contentTexts(body: unknown): string[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const { source, content } = body as { source?: unknown; content?: unknown };
  if (source !== 'INPUT' && source !== 'OUTPUT') return null;
  if (!Array.isArray(content) || content.length === 0) return null;
  const texts = content.map((block) => (block as { text?: { text?: unknown } } | null)?.text?.text);
  return texts.every((item): item is string => typeof item === 'string') ? texts : null;
}

function awsError(res: Http2ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { message }, { 'x-amzn-requestid': randomUUID(), 'x-amzn-errortype': type });
}

/** The request's headers without HTTP/2's pseudo-headers (:method, :path…), which the record has as fields. */
function plainHeaders(req: Http2ServerRequest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers)
      .filter(([name]) => !name.startsWith(':'))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]),
  );
}
