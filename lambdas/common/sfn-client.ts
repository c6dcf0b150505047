// The Step Functions client, created once per container on first use (see dynamodb-clients.ts for
// why one module per service).
import { SFNClient } from '@aws-sdk/client-sfn';
import { once } from './once.ts';

export const stepFunctions = once(() => new SFNClient({}));
