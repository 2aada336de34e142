// infrastructure → the stack of one stage: stateful resources, then the API and the event pipeline built on them.
import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from '#lib/api';
import { Data } from '#lib/data';
import { Events } from '#lib/events';
import { serviceName } from '#lib/function-with-log-group';
import { Firewall } from '#lib/firewall';
import { Monitoring } from '#lib/monitoring';
import { backgroundFunctions } from '#shared/events/pipeline';
import type { StageSettings } from '#lib/stage';
import type { RouteDefinition } from '#shared/routes';
import { opsOutputKeys } from '#lib/stack-outputs';

export interface BookingServiceStackProps extends StackProps {
  stage: StageSettings;
  /** The API's routes; the route table by default. */
  routes?: readonly RouteDefinition[];
}

export const stackName = (stage: StageSettings): string => `EsimBooking-${stage.name}`;

export class BookingServiceStack extends Stack {
  public readonly data: Data;
  public readonly api: Api;
  public readonly events: Events;
  public readonly monitoring: Monitoring;
  public readonly firewall: Firewall;

  public constructor(scope: Construct, id: string, props: BookingServiceStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.data = new Data(this, 'Data', { stage });
    this.api = new Api(this, 'Api', { stage, data: this.data, routes: props.routes });
    this.firewall = new Firewall(this, 'Firewall', { stage, api: this.api.restApi });
    this.events = new Events(this, 'Events', { stage, data: this.data });
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      api: this.api.restApi,
      table: this.data.table,
      bus: this.data.bus,
      deadLetterQueues: {
        WebhookDeadLetterQueue: this.data.webhookDeadLetterQueue,
        EmailDeadLetterQueue: this.data.emailDeadLetterQueue,
        StreamFailureQueue: this.data.streamFailureQueue,
        EventTargetDeadLetterQueue: this.data.eventTargetDeadLetterQueue,
      },
      streamConsumers: backgroundFunctions.filter((fn) => fn.trigger === 'tableStream').map((fn) => this.events.functions[fn.operation]!),
      rules: this.events.rules,
    });
    // What `npm run ops -- --stage <name>` reads to reach this stage's table, key and queues.
    const opsValues: Record<keyof typeof opsOutputKeys, string> = {
      tableName: this.data.table.tableName,
      secretKeyId: this.data.secretKey.keyArn,
      webhookQueueUrl: this.data.webhookQueue.queueUrl,
      webhookDeadLetterQueueUrl: this.data.webhookDeadLetterQueue.queueUrl,
      emailQueueUrl: this.data.emailQueue.queueUrl,
      emailDeadLetterQueueUrl: this.data.emailDeadLetterQueue.queueUrl,
    };
    for (const [name, outputKey] of Object.entries(opsOutputKeys)) {
      new CfnOutput(this, outputKey, { value: opsValues[name as keyof typeof opsOutputKeys] }).overrideLogicalId(outputKey);
    }
    Tags.of(this).add('service', serviceName);
    Tags.of(this).add('stage', stage.name);
  }
}
