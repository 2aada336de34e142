// infrastructure → the stack of one stage: stateful resources, then the API and the event pipeline built on them.
import { Stack, type StackProps, Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from '#lib/api';
import { Data } from '#lib/data';
import { Events } from '#lib/events';
import { serviceName } from '#lib/function-with-log-group';
import type { StageSettings } from '#lib/stage';

export interface BookingServiceStackProps extends StackProps {
  stage: StageSettings;
}

export const stackName = (stage: StageSettings): string => `EsimBooking-${stage.name}`;

export class BookingServiceStack extends Stack {
  public readonly data: Data;
  public readonly api: Api;
  public readonly events: Events;

  public constructor(scope: Construct, id: string, props: BookingServiceStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.data = new Data(this, 'Data', { stage });
    this.api = new Api(this, 'Api', { stage, data: this.data });
    this.events = new Events(this, 'Events', { stage, data: this.data });
    Tags.of(this).add('service', serviceName);
    Tags.of(this).add('stage', stage.name);
  }
}
