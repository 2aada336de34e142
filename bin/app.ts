// entry point → the CDK app: one stack for the stage given with `-c stage=dev|staging|production`, checked by cdk-nag.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BookingServiceStack, stackName } from '#lib/booking-service-stack';
import { stageFromContext } from '#lib/stage';

const app = new App();
const stage = stageFromContext(app);
new BookingServiceStack(app, stackName(stage), {
  stage,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
