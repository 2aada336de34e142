// event pipeline → what support may see of the messages AWS leaves in the two failure queues, and where a bus event
// that could not be queued belongs: the bus rules' dead-letter queue holds each event as its rule would have queued
// it; the stream mapping's on-failure queue holds only the position of a batch the publisher gave up on.
import { objectAt, parseJsonObject } from '#shared/domain/json-object';
import { eventRules, matchesPattern, type EventRuleDefinition } from '#shared/events/pipeline';

const text = (value: unknown): string | null => (typeof value === 'string' ? value.slice(0, 200) : null);

/** The queue a bus event's rule sends it to (the same patterns the stack and the local bus use), or undefined. */
export const busEventTarget = (body: string): EventRuleDefinition['target'] | undefined => {
  const event = parseJsonObject(body);
  const source = event?.source;
  const detailType = event?.['detail-type'];
  if (typeof source !== 'string' || typeof detailType !== 'string') return undefined;
  return eventRules.find((rule) => matchesPattern(rule.pattern, { source, 'detail-type': detailType }))?.target;
};

/**
 * Why a bus dead letter is not sent on, or undefined when it may be: EventBridge names the rule that gave up on every
 * message it dead-letters, and the event's own name is its detail-type. Anything else was not put there by the bus.
 */
export const busDeadLetterRefusal = (message: { body: string; attributes: Record<string, string> }): string | undefined => {
  if (!message.attributes.RULE_ARN) return 'no RULE_ARN attribute: EventBridge did not dead-letter it';
  const event = parseJsonObject(message.body);
  if (objectAt(event?.detail).event !== event?.['detail-type']) return "detail.event is not the event's detail-type";
  if (busEventTarget(message.body) === undefined) return 'no rule of the bus matches it';
  return undefined;
};

/**
 * A dead-lettered bus event for an operator: whose it is, which event, and why EventBridge gave up (the attributes
 * it adds). Never the event's data: an email request holds the traveler's address and the message.
 */
export const busDeadLetterSummary = (message: { body: string; attributes: Record<string, string> }) => {
  const event = parseJsonObject(message.body);
  const detail = objectAt(event?.detail);
  return {
    detail_type: text(event?.['detail-type']),
    partner_id: text(detail.partner_id),
    event_id: text(detail.event_id),
    target: busEventTarget(message.body) ?? null,
    rule: message.attributes.RULE_ARN?.split('/').pop() ?? null,
    error_code: message.attributes.ERROR_CODE ?? null,
    error_message: message.attributes.ERROR_MESSAGE?.slice(0, 200) ?? null,
  };
};

/** A time as ISO 8601, or null when it is none or beyond what a Date holds (a listing never fails on a message). */
const isoOrNull = (ms: number): string | null => {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** How long a DynamoDB stream keeps its records: a failed batch can be read back only within it. */
export const STREAM_RETENTION_HOURS = 24;

/** The position of a stream batch the publisher gave up on (Lambda's on-failure record), and until when it is readable. */
export const streamFailureSummary = (message: { body: string }) => {
  const record = parseJsonObject(message.body);
  const batch = objectAt(record?.DDBStreamBatchInfo);
  const firstRecordAt = text(batch.approximateArrivalOfFirstRecord);
  const first = firstRecordAt ? Date.parse(firstRecordAt) : Number.NaN;
  return {
    condition: text(objectAt(record?.requestContext).condition),
    function_error: text(objectAt(record?.responseContext).functionError),
    stream_arn: text(batch.streamArn),
    shard_id: text(batch.shardId),
    start_sequence_number: text(batch.startSequenceNumber),
    end_sequence_number: text(batch.endSequenceNumber),
    batch_size: typeof batch.batchSize === 'number' ? batch.batchSize : null,
    first_record_at: firstRecordAt,
    last_record_at: text(batch.approximateArrivalOfLastRecord),
    readable_until: isoOrNull(first + STREAM_RETENTION_HOURS * 3_600_000),
  };
};
