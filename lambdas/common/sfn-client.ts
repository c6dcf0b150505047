// The Step Functions client, created once per container on first use (see dynamodb-clients.ts for
// why one module per service), traced.
import { SFNClient } from '@aws-sdk/client-sfn';
import { once } from './once.ts';
import { tracer } from './powertools/tracer.ts';

export const stepFunctions = once(() => tracer.captureAWSv3Client(new SFNClient({})));
