// Amazon Bedrock Converse with one forced tool, shared by every writer that asks a model for
// structured output (the storyboard writer): one client per container, the model
// from BEDROCK_MODEL_ID or config, a time limit per call, and the tool call read from the answer.
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
  type ConverseCommandOutput,
  type ToolUseBlock,
} from '@aws-sdk/client-bedrock-runtime';
import { tracer } from '#powertools/tracer.ts';
import { generationConfig } from '#shared/config.ts';
import { envNames } from '#shared/runtime-env.ts';

// WriteStoryboard has 60 s; past this a call is abandoned and the template writes the ad instead.
export const converseTimeoutMs = 20_000;

export type ConverseToolInputSchema = NonNullable<
  NonNullable<NonNullable<ConverseCommandInput['toolConfig']>['tools']>[number]['toolSpec']
>['inputSchema'];

export interface ForcedTool {
  name: string;
  description: string;
  /** A JSON Schema object. */
  inputSchema: Record<string, unknown>;
}

let defaultClient: BedrockRuntimeClient | undefined;

/** Created on first use, traced, and kept for the container's life; region and credentials come from the Lambda. */
export function sharedBedrockClient(): BedrockRuntimeClient {
  defaultClient ??= tracer.captureAWSv3Client(new BedrockRuntimeClient({}));
  return defaultClient;
}

/** BEDROCK_MODEL_ID (an inference profile in some regions), else the configured model. */
export function bedrockModelId(): string {
  return process.env[envNames.bedrockModelId] || generationConfig.bedrockModelId;
}

/** The toolConfig that offers exactly one tool and makes the model call it. */
export function forcedToolConfig(tool: ForcedTool): NonNullable<ConverseCommandInput['toolConfig']> {
  return {
    tools: [
      {
        toolSpec: {
          name: tool.name,
          description: tool.description,
          inputSchema: { json: tool.inputSchema } as ConverseToolInputSchema,
        },
      },
    ],
    toolChoice: { tool: { name: tool.name } },
  };
}

/** One Converse call, abandoned after `timeoutMs`. */
export function converse(
  client: BedrockRuntimeClient,
  request: ConverseCommandInput,
  timeoutMs = converseTimeoutMs,
): Promise<ConverseCommandOutput> {
  return client.send(new ConverseCommand(request), { abortSignal: AbortSignal.timeout(timeoutMs) });
}

/** The model's call of `toolName`, if it made one. */
export function toolUseIn(response: ConverseCommandOutput, toolName: string): ToolUseBlock | undefined {
  return response.output?.message?.content?.find((block) => block.toolUse?.name === toolName)?.toolUse;
}
