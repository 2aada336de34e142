// infrastructure → gradual deployments: a `live` alias per function that CodeDeploy shifts to each new version,
// linearly (staging) or as a canary (production), and rolls back when the function's errors or latency alarm fires.
import { Stack, Validations } from 'aws-cdk-lib';
import type { IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { StageSettings } from '#lib/stage';

export const liveAliasName = 'live';

/**
 * `-c deployPastFiringAlarms=true`: deploy a fix for the very alarm that is firing. CodeDeploy checks the rollback
 * alarms as a shift starts, so while one is in ALARM the fix could not go out; with this the deployment groups skip
 * the alarm check for that deploy (the next deploy without it restores it). docs/operations.md, "Hotfix".
 */
export const deployPastFiringAlarmsContextKey = 'deployPastFiringAlarms';

/** How traffic moves to a new version, by the stage's deployment setting. */
export const deploymentConfigs = {
  linear: LambdaDeploymentConfig.LINEAR_10PERCENT_EVERY_1MINUTE,
  canary: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
} as const;

/** One CodeDeploy application and one service role per stack, shared by its deployment groups. */
class StackDeployments extends Construct {
  public readonly application: LambdaApplication;
  public readonly role: Role;

  public static of(scope: Construct): StackDeployments {
    const stack = Stack.of(scope);
    return (stack.node.tryFindChild('GradualDeployments') as StackDeployments | undefined) ?? new StackDeployments(stack, 'GradualDeployments');
  }

  private constructor(scope: Construct, id: string) {
    super(scope, id);
    this.application = new LambdaApplication(this, 'Application');
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited')],
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      reason: "CodeDeploy's own limited Lambda policy: it may only shift this account's aliases and read alarms; no data access.",
    });
  }
}

export interface GradualDeploymentProps {
  id: string;
  stage: StageSettings;
  /** Any of them fires → CodeDeploy stops the shift and moves the alias back to the previous version. */
  rollbackAlarms: IAlarm[];
}

export const deployGradually = (fn: LambdaFunction, { id, stage, rollbackAlarms }: GradualDeploymentProps): Alias => {
  if (stage.deployment === 'allAtOnce') throw new Error(`Stage ${stage.name} deploys all at once: no alias to shift`);
  const scope = fn.node.scope as Construct;
  const alias = new Alias(scope, `${id}Live`, { aliasName: liveAliasName, version: fn.currentVersion });
  const { application, role } = StackDeployments.of(scope);
  new LambdaDeploymentGroup(scope, `${id}Deployment`, {
    application,
    role,
    alias,
    deploymentConfig: deploymentConfigs[stage.deployment],
    alarms: rollbackAlarms,
    ignoreAlarmConfiguration: String(scope.node.tryGetContext(deployPastFiringAlarmsContextKey)) === 'true',
  });
  return alias;
};
