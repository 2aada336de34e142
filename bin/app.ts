// entry point → the CDK app: one Stage of stacks for the stage given with `-c stage=dev|staging|production`,
// checked by cdk-nag; production is refused without the context a working stage needs (lib/deploy-checks.ts).
// `npx cdk deploy 'EsimBooking-<name>/*' -c stage=<name>` deploys them in dependency order (`--all` selects
// top-level stacks only, and a Stage's are not).
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BookingServiceStage } from '#lib/booking-service-stage';
import { assertDeployContext, deployContextOf } from '#lib/deploy-checks';
import { type StageSettings, stageFromContext } from '#lib/stage';

const app = new App();
/** A stage the app refuses (unknown, simulated in production, without its deploy context) ends in one line, exit 1. */
const stageToDeploy = (): StageSettings => {
  try {
    const stage = stageFromContext(app);
    assertDeployContext(stage.name, deployContextOf(app));
    return stage;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
};
const stage = stageToDeploy();
new BookingServiceStage(app, {
  stage,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
