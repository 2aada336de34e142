// infrastructure → stateful resources: the single table, the partner-secrets key, the event bus and the queues.
import { Duration, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { Queue, QueueEncryption, type QueueProps } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { emailQueueSettings, webhookQueueSettings } from '#shared/events/pipeline';
import { streamViewType, tableDefinition } from '#shared/storage/table-definition';
import { resourcePrefix, type StageSettings } from '#lib/stage';

export interface DataProps {
  stage: StageSettings;
}

/** Every key attribute of the single table holds a string (ElectroDB-style composite keys). */
const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/** The longest retention SQS allows: failed stream batches wait for an operator. */
const streamFailureRetention = Duration.days(14);

export class Data extends Construct {
  public readonly table: Table;
  public readonly secretKey: Key;
  /** HMAC key that signs traveler redirect tokens; the key material never leaves KMS. */
  public readonly tokenKey: Key;
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

  public constructor(scope: Construct, id: string, { stage }: DataProps) {
    super(scope, id);
    const prefix = resourcePrefix(stage);

    const definition = tableDefinition(prefix);
    this.table = new Table(this, 'Table', {
      tableName: definition.tableName,
      partitionKey: stringKey(definition.partitionKey),
      sortKey: stringKey(definition.sortKey),
      timeToLiveAttribute: definition.timeToLiveAttribute,
      stream: StreamViewType[streamViewType],
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: stage.deletionProtection,
      removalPolicy: stage.removalPolicy,
    });
    for (const index of definition.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }

    this.secretKey = new Key(this, 'SecretKey', {
      alias: `alias/${prefix}-partner-secrets`,
      description: 'Encrypts partner secrets (API and webhook signing secrets) stored in the table.',
      enableKeyRotation: true,
      removalPolicy: stage.removalPolicy,
    });

    this.tokenKey = new Key(this, 'TokenKey', {
      alias: `alias/${prefix}-redirect-tokens`,
      description: 'Signs traveler redirect tokens (HMAC-SHA256, GenerateMac/VerifyMac).',
      keySpec: KeySpec.HMAC_256,
      keyUsage: KeyUsage.GENERATE_VERIFY_MAC,
      removalPolicy: stage.removalPolicy,
    });
    Validations.of(this.tokenKey).acknowledge({
      id: 'AwsSolutions-KMS5',
      reason: 'KMS rotates only symmetric encryption keys automatically; tokens live 5 minutes, so a manual rotation (new key, alias switch) invalidates nothing that matters.',
    });

    this.bus = new EventBus(this, 'Bus', { eventBusName: prefix });

    const queueDefaults: QueueProps = {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: stage.removalPolicy,
    };
    /** A work queue and its dead-letter queue, sized from the settings in shared/events/pipeline.ts. */
    const queueWithDeadLetter = (name: string, settings: typeof webhookQueueSettings | typeof emailQueueSettings) => {
      const deadLetter = new Queue(this, `${name}DeadLetterQueue`, { ...queueDefaults, retentionPeriod: Duration.days(settings.deadLetterRetentionDays) });
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
    for (const [queue, of] of [[this.streamFailureQueue, 'the outbox stream mapping'], [this.eventTargetDeadLetterQueue, 'the bus rule targets']] as const) {
      Validations.of(queue).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: `This queue is itself a dead-letter destination (on-failure of ${of}); nothing consumes it automatically.`,
      });
    }
  }
}
