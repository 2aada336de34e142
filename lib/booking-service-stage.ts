// infrastructure → one deployment stage (dev, staging, production) as a CDK Stage of four stacks, deployed in
// dependency order by `cdk deploy 'EsimBooking-<name>/*' -c stage=<name>`: Data → Pipeline → Api → Monitoring. Cross-stack
// references are weak (cdk.json), so removing a route or a queue never waits on an export; docs/operations.md.
import { Stage, type StageProps, Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { RouteDefinition } from '#shared/routes';
import { serviceName } from '#lib/function-with-log-group';
import { ApiStack, DataStack, MonitoringStack, PipelineStack } from '#lib/stacks';
import { type StackPart, stackNameOf } from '#lib/stack-outputs';
import type { StageSettings } from '#lib/stage';

export const stageId = (stage: Pick<StageSettings, 'name'>): string => `EsimBooking-${stage.name}`;
/** What `cdk deploy` and `cdk diff` select a stage's stacks by: `--all` selects top-level stacks only. */
export const stageStacksSelector = (stage: Pick<StageSettings, 'name'>): string => `${stageId(stage)}/*`;

export interface BookingServiceStageProps extends StageProps {
  stage: StageSettings;
  /** The API's routes; the route table by default. */
  routes?: readonly RouteDefinition[];
}

export class BookingServiceStage extends Stage {
  public readonly dataStack: DataStack;
  public readonly pipelineStack: PipelineStack;
  public readonly apiStack: ApiStack;
  public readonly monitoringStack: MonitoringStack;

  public constructor(scope: Construct, props: BookingServiceStageProps) {
    const { stage, routes, ...stageProps } = props;
    super(scope, stageId(stage), stageProps);
    const named = (part: StackPart) => ({ stage, stackName: stackNameOf(stage.name, part) });
    this.dataStack = new DataStack(this, 'Data', named('Data'));
    this.pipelineStack = new PipelineStack(this, 'Pipeline', { ...named('Pipeline'), dataStack: this.dataStack });
    this.apiStack = new ApiStack(this, 'Api', { ...named('Api'), dataStack: this.dataStack, routes });
    this.monitoringStack = new MonitoringStack(this, 'Monitoring', {
      ...named('Monitoring'),
      dataStack: this.dataStack,
      pipelineStack: this.pipelineStack,
      apiStack: this.apiStack,
    });
    // cfn-lint 1.51's resource specification predates Tags on dashboards (E3002); a dashboard carries the stage in
    // its name and costs the same tagged or not, so it is left untagged rather than the rule switched off.
    const untagged = { excludeResourceTypes: ['AWS::CloudWatch::Dashboard'] };
    for (const stack of this.stacks) {
      Tags.of(stack).add('service', serviceName, untagged);
      Tags.of(stack).add('stage', stage.name, untagged);
    }
  }

  public get stacks() {
    return [this.dataStack, this.pipelineStack, this.apiStack, this.monitoringStack];
  }
}
