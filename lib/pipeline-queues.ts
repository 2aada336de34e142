// infrastructure → the event pipeline's stateful parts: the bus, the work queues with their dead-letter queues, and
// the queues that catch what the stream mapping and the bus rules could not hand on.
import { Duration, Validations } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Queue, QueueEncryption, type QueueProps } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { emailQueueSettings, failureQueueRetentionDays, webhookQueueSettings } from '#shared/events/pipeline';
import { resourcePrefix, type StageSettings } from '#lib/stage';

/** Failed stream batches and bus events wait for an operator. */
const streamFailureRetention = Duration.days(failureQueueRetentionDays);

export class PipelineQueues extends Construct {
  public readonly bus: EventBus;
  public readonly webhookQueue: Queue;
  public readonly webhookDeadLetterQueue: Queue;
  /** Email requests (one message each) for the email function; refused sends come back, then go to its DLQ. */
  public readonly emailQueue: Queue;
  public readonly emailDeadLetterQueue: Queue;
  /** On-failure destination of the outbox stream mapping. */
  public readonly streamFailureQueue: Queue;
  /** Events the bus could not hand to their target queue after its retry policy. */
  public readonly eventTargetDeadLetterQueue: Queue;

  public constructor(scope: Construct, id: string, { stage }: { stage: StageSettings }) {
    super(scope, id);
    const prefix = resourcePrefix(stage);
    this.bus = new EventBus(this, 'Bus', { eventBusName: prefix });

    const queueDefaults: QueueProps = {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: stage.removalPolicy,
    };
    /** A work queue and its dead-letter queue, sized from the settings in shared/events/pipeline.ts. */
    const queueWithDeadLetter = (name: string, settings: typeof webhookQueueSettings | typeof emailQueueSettings) => {
      const deadLetter = new Queue(this, `${name}DeadLetterQueue`, {
        ...queueDefaults,
        retentionPeriod: Duration.days(settings.deadLetterRetentionDays),
      });
      const queue = new Queue(this, `${name}Queue`, {
        ...queueDefaults,
        visibilityTimeout: Duration.seconds(settings.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(settings.retentionDays),
        deadLetterQueue: { queue: deadLetter, maxReceiveCount: settings.maxReceiveCount },
      });
      return [queue, deadLetter] as const;
    };
    [this.webhookQueue, this.webhookDeadLetterQueue] = queueWithDeadLetter('Webhook', webhookQueueSettings);
    [this.emailQueue, this.emailDeadLetterQueue] = queueWithDeadLetter('Email', emailQueueSettings);
    this.streamFailureQueue = new Queue(this, 'StreamFailureQueue', { ...queueDefaults, retentionPeriod: streamFailureRetention });
    this.eventTargetDeadLetterQueue = new Queue(this, 'EventTargetDeadLetterQueue', { ...queueDefaults, retentionPeriod: streamFailureRetention });
    for (const [queue, of] of [
      [this.streamFailureQueue, 'the outbox stream mapping'],
      [this.eventTargetDeadLetterQueue, 'the bus rule targets'],
    ] as const) {
      Validations.of(queue).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: `This queue is itself a dead-letter destination (on-failure of ${of}); nothing consumes it automatically.`,
      });
    }
  }

  /** The queues whose messages no code retries any more: each one is alarmed and shown on the dashboard. */
  public get deadLetterQueues(): Record<string, Queue> {
    return {
      WebhookDeadLetterQueue: this.webhookDeadLetterQueue,
      EmailDeadLetterQueue: this.emailDeadLetterQueue,
      StreamFailureQueue: this.streamFailureQueue,
      EventTargetDeadLetterQueue: this.eventTargetDeadLetterQueue,
    };
  }
}
