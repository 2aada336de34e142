// entry point → the CDK app: one Stage of stacks for the stage given with `-c stage=dev|staging|production`,
// checked by cdk-nag. `npx cdk deploy 'EsimBooking-<name>/*' -c stage=<name>` deploys them in dependency order
// (`--all` selects top-level stacks only, and a Stage's are not).
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BookingServiceStage } from '#lib/booking-service-stage';
import { stageFromContext } from '#lib/stage';

const app = new App();
new BookingServiceStage(app, {
  stage: stageFromContext(app),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
