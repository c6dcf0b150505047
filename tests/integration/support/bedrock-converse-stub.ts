// Amazon Bedrock Runtime's Converse operation on 127.0.0.1, answering in the restJson1 wire shape
// @aws-sdk/client-bedrock-runtime parses (POST /model/{modelId}/converse, errors named by the
// x-amzn-errortype header), so the storyboard writer runs its real client against it, unmodified.
// HTTP/2 only: the Bedrock Runtime client's default handler is NodeHttp2Handler (Bedrock streams
// both ways), which talks h2 with prior knowledge to an http:// endpoint.
import { randomUUID } from 'node:crypto';
import type { Http2ServerRequest, Http2ServerResponse, IncomingHttpHeaders } from 'node:http2';
import { readText } from '#local/support/http.ts';
import { sendAwsJson, startHttp2Stub } from './http2-stub.ts';

/** One Converse call as the stub received it. */
export interface ConverseStubRequest {
  /** Decoded from the path (`amazon.nova-lite-v1%3A0` → `amazon.nova-lite-v1:0`). */
  modelId: string;
  /** The raw request path, still URL-encoded. */
  path: string;
  headers: IncomingHttpHeaders;
  body: ConverseRequestBody;
}

/** The parts of a ConverseRequest the stub reads; everything else is kept as sent. */
export interface ConverseRequestBody {
  messages?: unknown[];
  system?: { text?: string }[];
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number };
  toolConfig?: {
    tools?: { toolSpec?: { name?: string; description?: string; inputSchema?: { json?: JsonSchema } } }[];
    toolChoice?: { tool?: { name?: string }; any?: object; auto?: object };
  };
  [field: string]: unknown;
}

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
}

/** An HTTP answer other than a tool call, e.g. `bedrockError('ThrottlingException')`. */
export interface ConverseStubHttpAnswer {
  status: number;
  body: unknown;
  /** Sent as x-amzn-errortype, the header the SDK names the exception by. */
  errorType?: string;
}

/** The forced tool's input (an object), or an HTTP answer. */
export type ConverseStubAnswer = Record<string, unknown> | ConverseStubHttpAnswer;

export interface ConverseStubOptions {
  /** Defaults to placeholder words shaped by the tool's input schema. */
  respond?: (request: ConverseStubRequest) => ConverseStubAnswer | Promise<ConverseStubAnswer>;
}

export interface ConverseStub {
  /** Pass as the client's `endpoint`, e.g. http://127.0.0.1:43121. */
  endpoint: string;
  /** Every Converse call received, oldest first. */
  requests: ConverseStubRequest[];
  stop(): Promise<void>;
}

// The HTTP status each Bedrock Runtime error has in the service model.
const errorStatus = {
  AccessDeniedException: 403,
  InternalServerException: 500,
  ModelErrorException: 424,
  ModelNotReadyException: 429,
  ModelTimeoutException: 408,
  ResourceNotFoundException: 404,
  ServiceQuotaExceededException: 400,
  ServiceUnavailableException: 503,
  ThrottlingException: 429,
  ValidationException: 400,
} as const;
export type BedrockErrorName = keyof typeof errorStatus;

const conversePath = /^\/model\/([^/]+)\/converse$/;

/** An error answered the way Bedrock answers it. */
export function bedrockError(name: BedrockErrorName, message = defaultMessage(name)): ConverseStubHttpAnswer {
  return { status: errorStatus[name], body: { message }, errorType: name };
}

export async function startBedrockStub(options: ConverseStubOptions = {}): Promise<ConverseStub> {
  const respond = options.respond ?? placeholderAnswer;
  const requests: ConverseStubRequest[] = [];

  async function handle(request: Http2ServerRequest, response: Http2ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://stub').pathname;
    const match = conversePath.exec(path);
    if (request.method !== 'POST' || !match) {
      send(response, {
        status: 404,
        body: { message: `No operation at ${request.method} ${path}` },
        errorType: 'UnknownOperationException',
      });
      return;
    }
    let body: ConverseRequestBody;
    try {
      body = JSON.parse(await readText(request)) as ConverseRequestBody;
    } catch {
      send(response, bedrockError('ValidationException', 'The request body is not valid JSON.'));
      return;
    }
    const received: ConverseStubRequest = {
      modelId: decodeURIComponent(match[1]!),
      path,
      headers: request.headers,
      body,
    };
    requests.push(received);
    const invalid = validationProblem(body);
    if (invalid) {
      send(response, bedrockError('ValidationException', invalid));
      return;
    }
    const started = Date.now();
    const answer = await respond(received);
    if (isHttpAnswer(answer)) {
      send(response, answer);
      return;
    }
    const input = JSON.stringify(answer);
    send(response, {
      status: 200,
      body: {
        output: {
          message: {
            role: 'assistant',
            content: [
              {
                toolUse: {
                  toolUseId: `tooluse_${randomUUID().replaceAll('-', '')}`,
                  name: toolToUse(body),
                  input: answer,
                },
              },
            ],
          },
        },
        stopReason: 'tool_use',
        usage: usageFor(JSON.stringify(body), input),
        metrics: { latencyMs: Date.now() - started },
      },
    });
  }

  const stub = await startHttp2Stub(handle, (response, error) =>
    send(response, bedrockError('InternalServerException', error.message)),
  );
  return { endpoint: stub.endpoint, requests, stop: stub.close };
}

/** What Bedrock itself rejects before a model sees the request. */
function validationProblem(body: ConverseRequestBody): string | undefined {
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return 'A conversation must start with a user message.';
  }
  const tools = body.toolConfig?.tools ?? [];
  if (tools.length === 0) return 'This stub answers with a tool call; the request has no toolConfig.tools.';
  const forced = body.toolConfig?.toolChoice?.tool?.name;
  if (forced && !tools.some((tool) => tool.toolSpec?.name === forced)) {
    return `The tool ${forced} named in toolChoice is not in toolConfig.tools.`;
  }
  return undefined;
}

function toolToUse(body: ConverseRequestBody): string {
  return body.toolConfig?.toolChoice?.tool?.name ?? body.toolConfig?.tools?.[0]?.toolSpec?.name ?? 'tool';
}

function isHttpAnswer(answer: ConverseStubAnswer): answer is ConverseStubHttpAnswer {
  return typeof answer.status === 'number' && 'body' in answer;
}

/** Words of the right shape for whatever tool was forced, so the twin works with no script. */
function placeholderAnswer(request: ConverseStubRequest): Record<string, unknown> {
  const tool = request.body.toolConfig?.tools?.find(
    (candidate) => candidate.toolSpec?.name === toolToUse(request.body),
  );
  const value = placeholderFor(tool?.toolSpec?.inputSchema?.json ?? { type: 'object' }, 'text');
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function placeholderFor(schema: JsonSchema, name: string): unknown {
  if (schema.type === 'array') {
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, index) =>
      placeholderFor(schema.items ?? { type: 'string' }, `${name} ${index + 1}`),
    );
  }
  if (schema.type === 'object') {
    const keys = schema.required ?? Object.keys(schema.properties ?? {});
    return Object.fromEntries(keys.map((key) => [key, placeholderFor(schema.properties?.[key] ?? {}, key)]));
  }
  if (schema.type === 'number' || schema.type === 'integer') return 1;
  if (schema.type === 'boolean') return true;
  return `Sample ${name}`;
}

/** Roughly four characters a token, as Bedrock's counts run for English. */
function usageFor(request: string, output: string) {
  const inputTokens = Math.ceil(request.length / 4);
  const outputTokens = Math.ceil(output.length / 4);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

function send(response: Http2ServerResponse, answer: ConverseStubHttpAnswer): void {
  // Bedrock appends the Coral namespace; the SDK strips everything after the colon.
  const errorType = answer.errorType && `${answer.errorType}:http://internal.amazon.com/coral/com.amazon.bedrock/`;
  sendAwsJson(response, answer.status, answer.body, errorType);
}

function defaultMessage(name: BedrockErrorName): string {
  if (name === 'ThrottlingException') return 'Too many requests, please wait before trying again.';
  if (name === 'ValidationException') return 'The provided request is not valid.';
  return `${name} from the Bedrock stub.`;
}
