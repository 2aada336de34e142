// infrastructure → the data stack's resources: the single table, the partner-secrets key and the redirect-token key.
import { Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { streamViewType, tableDefinition } from '#shared/storage/table-definition';
import { resourcePrefix, type StageSettings } from '#lib/stage';

export interface DataProps {
  stage: StageSettings;
}

/** Every key attribute of the single table holds a string (ElectroDB-style composite keys). */
const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

export class Data extends Construct {
  public readonly table: Table;
  public readonly secretKey: Key;
  /** HMAC key that signs traveler redirect tokens; the key material never leaves KMS. */
  public readonly tokenKey: Key;

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
      reason:
        'KMS rotates only symmetric encryption keys automatically; tokens live 5 minutes, so a manual rotation (new key, alias switch) invalidates nothing that matters.',
    });
  }
}
