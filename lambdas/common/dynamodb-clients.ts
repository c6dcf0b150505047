// DynamoDB clients, created once per container on first use (the twin sets endpoints through the
// standard AWS_ENDPOINT_URL_* variables before the first request). One module per service, so a
// function loads only the SDK clients it calls: each SDK package costs tens of ms of cold start.
// Each client is traced (a no-op outside Lambda); the document client shares its middleware stack.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { once } from './once.ts';
import { tracer } from './powertools/tracer.ts';

export const dynamoDb = once(() => tracer.captureAWSv3Client(new DynamoDBClient({})));

export const documents = once(() =>
  DynamoDBDocumentClient.from(dynamoDb(), { marshallOptions: { removeUndefinedValues: true } }),
);
