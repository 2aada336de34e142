// infrastructure → the one Lambda construct: every function default, its alarms and gradual deployment, and one-call
// binders for table, key, bus and queues.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, type IFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { envNames, privateUrlsRefusal } from '#shared/config';
import type { TableAccess } from '#shared/routes';
import * as keys from '#shared/storage/keys';
import { providerSecretName, resourcePrefix, type StageSettings } from '#lib/stage';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { tableActions } from '#lib/table-access';
import { lambdaBundling } from '#lib/bundling';
import { addAlarm, alarmPeriod, alarmThresholds } from '#lib/alarms';
import { deployGradually } from '#lib/gradual-deployment';

/** Entries in `shared/routes.ts` and `shared/events/pipeline.ts` are relative to this folder. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export const serviceName = 'esim-booking-service';

/** Every function of a stage is named `<prefix><operation>`, so dashboards and logs find them whichever stack holds them. */
export const functionNamePrefix = (stage: StageSettings): string => `${resourcePrefix(stage)}-`;

/** Lambda's limit on a function name. */
const maxFunctionNameLength = 64;

type EnvName = (typeof envNames)[keyof typeof envNames];

export interface FunctionWithLogGroupProps extends Pick<NodejsFunctionProps, 'description' | 'timeout' | 'memorySize'> {
  /** Handler module relative to the project root, e.g. `functions/get-booking.ts`. */
  entry: string;
  stage: StageSettings;
  /** Files copied beside the bundle: file name → path relative to the project root. */
  assets?: Readonly<Record<string, string>>;
  /** The stage's alarm topic: the function's errors and throttles alarms notify it. */
  alarmTopic: ITopic;
}

export class FunctionWithLogGroup extends NodejsFunction {
  /**
   * What callers invoke: the `live` alias that CodeDeploy shifts in stages with gradual deployments, the
   * function itself elsewhere. API integrations, event sources and schedules all point here.
   */
  public readonly live: IFunction;

  public constructor(scope: Construct, id: string, props: FunctionWithLogGroupProps) {
    const { entry, stage, assets = {}, alarmTopic, ...overrides } = props;
    const functionName = `${functionNamePrefix(stage)}${id}`;
    if (functionName.length > maxFunctionNameLength)
      throw new Error(`Function name ${functionName} is longer than Lambda's ${maxFunctionNameLength} characters`);
    const logGroup = new LogGroup(scope, `${id}LogGroup`, {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    // Our own role instead of AWSLambdaBasicExecutionRole: it may write to this log group only.
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);

    super(scope, id, {
      functionName,
      entry: path.join(projectRoot, entry),
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      role,
      environment: {
        [envNames.stage]: stage.name,
        [envNames.connectivity]: stage.connectivity,
        POWERTOOLS_SERVICE_NAME: serviceName,
      },
      bundling: lambdaBundling(projectRoot, stage.connectivity, assets),
      ...overrides,
    });

    this.acknowledge('AwsSolutions-IAM5[Resource::*]', 'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords accept only Resource "*".');

    const errors = addAlarm(scope, `${id}Errors`, alarmTopic, {
      metric: this.metricErrors({ period: alarmPeriod, statistic: 'Sum', label: id }),
      threshold: alarmThresholds.functionErrors,
      description: `${id} failed at least ${alarmThresholds.functionErrors} times in 5 minutes.`,
      runbook: 'function-errors',
    });
    addAlarm(scope, `${id}Throttles`, alarmTopic, {
      metric: this.metricThrottles({ period: alarmPeriod, statistic: 'Sum', label: id }),
      threshold: alarmThresholds.functionThrottles,
      description: `${id} was throttled: the account's Lambda concurrency in this region is used up (no function reserves any).`,
      runbook: 'function-throttles',
    });
    // Close to its time-out at p99: slow enough that some calls already end in a time-out, or are about to.
    const timeout = this.timeout ?? Duration.seconds(3);
    const latency = addAlarm(scope, `${id}Latency`, alarmTopic, {
      metric: this.metricDuration({ period: alarmPeriod, statistic: 'p99', label: id }),
      threshold: Math.round(timeout.toMilliseconds() * alarmThresholds.functionP99ShareOfTimeout),
      description: `${id}'s p99 duration reached ${alarmThresholds.functionP99ShareOfTimeout * 100} % of its ${timeout.toSeconds()} s time-out in 5 minutes.`,
      runbook: 'function-latency',
    });
    this.live = stage.deployment === 'allAtOnce' ? this : deployGradually(this, { id, stage, rollbackAlarms: [errors, latency] });
  }

  /** The local-only switch for private webhook URLs can never reach a deployed function. */
  public override addEnvironment(key: string, value: string, options?: Parameters<NodejsFunction['addEnvironment']>[2]): this {
    if (key === envNames.webhookAllowPrivateUrls) throw new Error(privateUrlsRefusal(Stack.of(this).stackName));
    return super.addEnvironment(key, value, options);
  }

  /**
   * Grants exactly the actions of `accessMode` on the table and Query on the named indexes (never Scan, never
   * every index), and sets TABLE_NAME.
   */
  public bindTable({ table, accessMode, indexes = [] }: { table: ITable; accessMode: TableAccess; indexes?: readonly string[] }): void {
    const actions = tableActions[accessMode];
    if (actions.length > 0) this.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [table.tableArn] }));
    if (indexes.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({ actions: ['dynamodb:Query'], resources: indexes.map((index) => `${table.tableArn}/index/${index}`) }),
      );
    }
    this.addEnvironment(envNames.tableName, table.tableName);
  }

  /** Partner authentication: single-use signature items, and nothing else, may be written (IAM LeadingKeys). */
  public bindSignatureClaims({ table }: { table: ITable }): void {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [keys.usedSignature('*', '*').pk] } },
      }),
    );
  }

  /**
   * For functions that provision: grants reading the stage's provider secret and sets PROVIDER_SECRET_ID (nothing
   * when the stage provisions in process; the secret is created by operations, docs/providers.md, never by the
   * stack). Over ES2+ it also encrypts and decrypts with the partner-secrets key: the confirmation codes a partner
   * may ask for are kept encrypted (decision F143).
   */
  public bindProvisioning({ stage, secretKey }: { stage: StageSettings; secretKey: IKey }): void {
    if (stage.connectivity === 'simulated') return;
    const secret = Secret.fromSecretNameV2(this, 'ProviderSecret', providerSecretName(stage));
    secret.grantRead(this);
    this.addEnvironment(envNames.providerSecretId, secret.secretName);
    if (stage.connectivity === 'es2plus') this.bindSecretKey({ key: secretKey, accessMode: 'encryptDecrypt' });
  }

  private secretKeyAccess?: 'decrypt' | 'encryptDecrypt';

  /** Grants use of the partner-secrets key and sets SECRET_KEY_ID; bound again, it only ever widens (decrypt → encrypt too). */
  public bindSecretKey({ key, accessMode }: { key: IKey; accessMode: 'decrypt' | 'encryptDecrypt' }): void {
    const granted = this.secretKeyAccess;
    if (granted === accessMode || granted === 'encryptDecrypt') return;
    if (granted === 'decrypt') key.grant(this, 'kms:Encrypt');
    else if (accessMode === 'decrypt') key.grantDecrypt(this);
    else key.grant(this, 'kms:Encrypt', 'kms:Decrypt');
    this.secretKeyAccess = accessMode;
    this.addEnvironment(envNames.secretKeyId, key.keyArn);
  }

  /** Grants kms:GenerateMac and kms:VerifyMac on the redirect-token key and sets TOKEN_KEY_ID. */
  public bindTokenKey({ key }: { key: IKey }): void {
    key.grant(this, 'kms:GenerateMac', 'kms:VerifyMac');
    this.addEnvironment(envNames.tokenKeyId, key.keyArn);
  }

  /** Grants events:PutEvents on the bus and sets EVENT_BUS_NAME. */
  public bindEventBus({ bus }: { bus: IEventBus }): void {
    bus.grantPutEventsTo(this);
    this.addEnvironment(envNames.eventBusName, bus.eventBusName);
  }

  /**
   * Sets the queue URL under `envName` and grants what the function does with the queue itself:
   * `send` a message, or `changeVisibility` of a message it received (backoff between attempts).
   */
  public bindQueue({ queue, envName, accessMode }: { queue: IQueue; envName: EnvName; accessMode: 'send' | 'changeVisibility' }): void {
    if (accessMode === 'send') queue.grantSendMessages(this);
    else queue.grant(this, 'sqs:ChangeMessageVisibility');
    this.addEnvironment(envName, queue.queueUrl);
  }

  /** Grants ses:SendEmail as the sender identity and sets EMAIL_FROM. */
  public bindEmail({ from, identityArn }: { from: string; identityArn: string }): void {
    this.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identityArn] }));
    this.addEnvironment(envNames.emailFrom, from);
  }

  /** Accepts a cdk-nag finding on this function's role and policy, with the reason. */
  public acknowledge(id: string, reason: string): void {
    Validations.of(this.role ?? this).acknowledge({ id, reason });
  }
}
