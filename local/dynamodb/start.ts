// DynamoDB for the twin: DynamoDB Local in its data folder (dynamodb-local.ts), with the tables
// the template declares created once and kept.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { CloudFormationTemplate } from '#local/cloudformation/template.ts';
import { twinCredentials } from '#local/support/credentials.ts';
import type { RunningService } from '#local/support/service.ts';
import { createTablesFromTemplate, startDynamoDbLocal } from './dynamodb-local.ts';

export interface DynamoDb extends RunningService {
  endpoint: string;
}

export async function start(options: { dataDir: string; template: CloudFormationTemplate }): Promise<DynamoDb> {
  const dynamo = await startDynamoDbLocal({ dataDir: options.dataDir });
  try {
    const client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: twinCredentials });
    await createTablesFromTemplate(client, options.template);
    client.destroy();
  } catch (error) {
    await dynamo.stop().catch(() => undefined);
    throw error;
  }
  return {
    endpoint: dynamo.endpoint,
    environment: { AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint },
    stop: dynamo.stop,
  };
}
