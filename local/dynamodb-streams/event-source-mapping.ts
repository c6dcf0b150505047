// The twin's DynamoDB event source mapping: polls a table's stream in DynamoDB Local and hands the
// records to a handler in Lambda's DynamoDBStreamEvent shape, in order, in batches, honouring
// ReportBatchItemFailures, retrying a failed batch and then skipping it with a log line (what the
// on-failure destination receives in AWS).
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type AttributeValue as SdkAttributeValue,
  type ShardIteratorType,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent, AttributeValue as LambdaAttributeValue } from 'aws-lambda';

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  handler: (event: DynamoDBStreamEvent) => Promise<unknown>;
  /** The wait between polls while records come (200 ms). */
  intervalMs?: number;
  /**
   * The longest wait between polls of a quiet stream (1 s): each poll that finds nothing doubles
   * the wait up to this, and a record brings it back to `intervalMs`. A twin's two streams polled
   * every 200 ms cost about 14 % of a core between them (a DescribeStream and a GetRecords each,
   * signed, and DynamoDB Local's work on them) for all of the twin's life, mostly idle, and every
   * integration test file runs a twin.
   */
  idleIntervalMs?: number;
  /** Records per invocation, as the stack's event source mapping (batch size 10). */
  batchSize?: number;
  /** Retries of a failed batch before it is skipped, as the mapping's `retryAttempts`. */
  retryAttempts?: number;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  log?: (line: string) => void;
}

export interface StreamPoller {
  /** Resolves once every record written before the call has been handled (or skipped). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

interface ShardPosition {
  /** Undefined once the shard is closed and read to its end. */
  iterator: string | undefined;
  /**
   * No record read from it yet: each poll starts again at TRIM_HORIZON, because DynamoDB Local's
   * iterators taken on a shard that has never held a record skip the first one written (a
   * table's first write after the twin started was never handed over).
   */
  unread?: boolean;
  lastSequenceNumber?: string;
}

const retryDelayMs = 100;

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const log = options.log ?? (() => undefined);
  const region = options.region ?? 'us-east-1';
  const clientConfig = {
    endpoint: options.endpoint,
    region,
    credentials: options.credentials ?? { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const dynamo = new DynamoDBClient(clientConfig);
  const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName })).finally(() => {
    dynamo.destroy();
  });
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);
  const streams = new DynamoDBStreamsClient(clientConfig);
  const shards = new Map<string, ShardPosition>();

  const iteratorFor = async (shardId: string, type: ShardIteratorType, sequenceNumber?: string) =>
    (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ShardIteratorType: type,
          ...(sequenceNumber ? { SequenceNumber: sequenceNumber } : {}),
        }),
      )
    ).ShardIterator;

  /**
   * At start-up only what comes next matters: past the records an open shard already holds (what
   * LATEST means, done by reading them; see ShardPosition.unread for why not LATEST itself).
   */
  const positionAtStart = async (shardId: string): Promise<ShardPosition> => {
    let iterator = await iteratorFor(shardId, 'TRIM_HORIZON');
    let skipped = 0;
    while (iterator) {
      const page = await getRecords(streams, iterator);
      if (!page.Records?.length)
        return skipped ? { iterator: page.NextShardIterator ?? iterator } : { iterator, unread: true };
      skipped += page.Records.length;
      iterator = page.NextShardIterator;
    }
    return { iterator };
  };

  /** A shard that appears later is read whole. */
  const discoverShards = async (atStart: boolean) => {
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        const shardId = shard.ShardId;
        if (!shardId || shards.has(shardId)) continue;
        const closed = Boolean(shard.SequenceNumberRange?.EndingSequenceNumber);
        if (atStart && closed) shards.set(shardId, { iterator: undefined });
        else shards.set(shardId, atStart ? await positionAtStart(shardId) : { iterator: undefined, unread: true });
      }
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
  };

  const invoke = async (records: DynamoDBRecord[]) => {
    let pending = records;
    for (let attempt = 1; ; attempt += 1) {
      let failedFrom: number | null;
      let failure = '';
      try {
        failedFrom = firstFailedIndex(await options.handler({ Records: pending }), pending);
        failure = 'reported batch item failures';
      } catch (error) {
        failedFrom = 0;
        failure = String(error);
      }
      if (failedFrom === null) return;
      pending = pending.slice(failedFrom);
      if (attempt > (options.retryAttempts ?? 3)) {
        const sequenceNumbers = pending.map((record) => record.dynamodb?.SequenceNumber).join(', ');
        log(
          `dynamodb-stream: skipped ${pending.length} record(s) of ${options.tableName} (${sequenceNumbers}): ${failure}`,
        );
        return;
      }
      await new Promise((resolveDelay) => setTimeout(resolveDelay, retryDelayMs * attempt));
    }
  };

  const readShard = async (shardId: string, position: ShardPosition) => {
    let handled = 0;
    if (position.unread) position.iterator = await iteratorFor(shardId, 'TRIM_HORIZON');
    while (position.iterator) {
      let page: Awaited<ReturnType<typeof getRecords>>;
      try {
        page = await getRecords(streams, position.iterator);
      } catch (error) {
        if (!(error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException)) throw error;
        // Resume right after the last record handled; without one, anything older is lost.
        position.iterator = position.lastSequenceNumber
          ? await iteratorFor(shardId, 'AFTER_SEQUENCE_NUMBER', position.lastSequenceNumber)
          : await iteratorFor(shardId, 'LATEST');
        continue;
      }
      const records = (page.Records ?? []).map((record) => lambdaRecord(record, streamArn, region));
      if (records.length > 0) position.unread = false;
      for (let start = 0; start < records.length; start += options.batchSize ?? 10) {
        await invoke(records.slice(start, start + (options.batchSize ?? 10)));
      }
      position.lastSequenceNumber = records.at(-1)?.dynamodb?.SequenceNumber ?? position.lastSequenceNumber;
      position.iterator = page.NextShardIterator;
      if (records.length === 0) return handled;
      handled += records.length;
    }
    return handled;
  };

  /** How many records the poll handed over. */
  const pollOnce = async () => {
    await discoverShards(false);
    let handled = 0;
    for (const [shardId, position] of shards) handled += await readShard(shardId, position);
    return handled;
  };

  await discoverShards(true);
  let stopped = false;
  // One poll at a time, in order: the timer and drain() queue behind each other.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = () => {
    const run = queue.then(pollOnce);
    queue = run.catch((error: Error) => log(`dynamodb-stream: polling ${options.tableName} failed: ${error.message}`));
    return run;
  };
  const busyIntervalMs = options.intervalMs ?? 200;
  const idleIntervalMs = Math.max(busyIntervalMs, options.idleIntervalMs ?? 1_000);
  let intervalMs = busyIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const handled = await enqueue().catch(() => 0);
    intervalMs = handled > 0 ? busyIntervalMs : Math.min(intervalMs * 2, idleIntervalMs);
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);

  return {
    drain: async () => {
      await enqueue();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await queue;
      streams.destroy();
    },
  };
}

function getRecords(streams: DynamoDBStreamsClient, iterator: string) {
  return streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
}

/** Lambda resumes from the lowest failed sequence number; an unknown identifier fails the whole batch. */
function firstFailedIndex(result: unknown, records: DynamoDBRecord[]): number | null {
  const failures = (result as { batchItemFailures?: { itemIdentifier?: string }[] } | null)?.batchItemFailures;
  if (!failures?.length) return null;
  const indexes = failures.map(({ itemIdentifier }) =>
    records.findIndex((record) => record.dynamodb?.SequenceNumber === itemIdentifier),
  );
  return indexes.includes(-1) ? 0 : Math.min(...indexes);
}

function lambdaRecord(record: _Record, streamArn: string, region: string): DynamoDBRecord {
  const change = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    dynamodb: {
      ...(change.ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(change.ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
      ...(change.Keys ? { Keys: lambdaImage(change.Keys) } : {}),
      ...(change.NewImage ? { NewImage: lambdaImage(change.NewImage) } : {}),
      ...(change.OldImage ? { OldImage: lambdaImage(change.OldImage) } : {}),
      SequenceNumber: change.SequenceNumber,
      SizeBytes: change.SizeBytes,
      StreamViewType: change.StreamViewType,
    },
    eventSourceARN: streamArn,
    ...(record.userIdentity ? { userIdentity: record.userIdentity } : {}),
  };
}

function lambdaImage(image: Record<string, SdkAttributeValue>): Record<string, LambdaAttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, lambdaAttribute(value)]));
}

/** The SDK hands binary values as bytes; Lambda's JSON event carries them base64-encoded. */
function lambdaAttribute(value: SdkAttributeValue): LambdaAttributeValue {
  if (value.B) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS) return { BS: value.BS.map((bytes) => Buffer.from(bytes).toString('base64')) };
  if (value.M) return { M: lambdaImage(value.M) };
  if (value.L) return { L: value.L.map(lambdaAttribute) };
  return value as LambdaAttributeValue;
}
