// entry point → `npm run deploy:check -- --stage <name> [--record]`: the offline deploy rehearsal, one line per check
// (cdk-nag, cfn-lint, budgets, data-loss guard); exits 1 when any fails. `--record` rewrites the stage's record of
// stateful resources after a deliberate change (docs/operations.md).
import { parseArgs } from 'node:util';
import { checkBudgets, checkCfnLint, checkNag, synthesizeStage } from '#lib/deploy-checks';
import { stageNames, type StageName } from '#lib/stage';
import { checkStatefulResources, statefulResourcesOf, writeRecord } from '#lib/stateful-resources';

const { values } = parseArgs({
  options: { stage: { type: 'string', default: 'dev' }, record: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } },
});
const stageName = values.stage as StageName;
if (!stageNames.includes(stageName)) {
  console.error(`Unknown stage "${values.stage}": pass --stage ${stageNames.join('|')}`);
  process.exit(2);
}

const { app, templates } = synthesizeStage(stageName);
if (values.record) {
  writeRecord(stageName, statefulResourcesOf(templates));
  console.log(`Recorded the stateful resources of ${stageName} in lib/stateful-resources/${stageName}.json: review the diff before committing.`);
}
const results = [checkNag(app), checkCfnLint(templates), checkBudgets(templates), checkStatefulResources(stageName, templates)];
for (const result of results) {
  console.log(`${result.skipped ? 'SKIP' : result.ok ? 'PASS' : 'FAIL'}  ${result.name.padEnd(16)} ${result.summary}`);
  if (!result.ok || values.verbose) for (const finding of result.findings) console.log(`      ${finding}`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
