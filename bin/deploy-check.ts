// entry point → `npm run deploy:check -- --stage <name> [-c key=value]... [--record]`: the offline deploy rehearsal,
// one line per check (cdk-nag, cfn-lint, budgets, data-loss guard); exits 1 when any fails. `-c` gives the synth the
// CDK context `cdk deploy` will get (emailFrom, smdpDomainName, …). `--record` rewrites the stage's record of
// stateful resources after a deliberate change (docs/operations.md).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '#lib/function-with-log-group';
import { checkBudgets, checkCfnLint, checkDeployContext, checkNag, synthesizeStage } from '#lib/deploy-checks';
import { stageNames, type StageName } from '#lib/stage';
import { checkStatefulResources, statefulResourcesOf, writeRecord } from '#lib/stateful-resources';

const usage = `Usage: npm run deploy:check -- [--stage ${stageNames.join('|')}] [-c key=value]... [--record] [--verbose]

Synthesizes the stage offline (dev by default) and prints PASS, FAIL or SKIP for the deploy context (production
needs -c emailFrom and, over ES2+, the SM-DP+ domain), cdk-nag, cfn-lint, the resource budgets and the data-loss
guard; exits 1 when one fails.
  -c, --context key=value   CDK context, as cdk deploy takes it (repeat it), e.g. -c emailFrom=no-reply@mail.example
                            -c smdpDomainName=… -c smdpCertificateArn=… -c smdpTruststoreUri=…
  --record                  rewrite lib/stateful-resources/<stage>.json after a deliberate change (review the diff)
  --verbose                 list every finding, also of checks that pass`;

const fail = (message: string): never => {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
};

let values: { stage?: string; context?: string[]; record?: boolean; verbose?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      stage: { type: 'string' },
      context: { type: 'string', short: 'c', multiple: true },
      record: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values!.help) {
  console.log(usage);
  process.exit(0);
}

/** `-c key=value` as the CDK CLI reads it: the first `=` splits, the value is kept as text. */
const context: Record<string, string> = {};
for (const pair of values!.context ?? []) {
  const at = pair.indexOf('=');
  if (at < 1) fail(`-c takes key=value, not "${pair}".`);
  context[pair.slice(0, at)] = pair.slice(at + 1);
}
// `-c stage=<name>` is how cdk deploy names the stage; here it may stand for --stage, but never contradict it.
if (values!.stage && context.stage && context.stage !== values!.stage) fail(`--stage ${values!.stage} and -c stage=${context.stage} disagree.`);
const stageName = (values!.stage ?? context.stage ?? 'dev') as StageName;
if (!stageNames.includes(stageName)) fail(`Unknown stage "${stageName}": pass --stage ${stageNames.join('|')}`);

// A stage the synth refuses (production with the simulated provider, incomplete SM-DP+ context) fails here as
// `cdk synth` fails: one line, exit 1, no stack trace.
let synthesized: ReturnType<typeof synthesizeStage>;
try {
  // Kept until the next check of the stage: the CDK prints the path of its validation report in it.
  synthesized = synthesizeStage(stageName, { context, keepIn: join(projectRoot, 'cdk.out', 'deploy-check', stageName) });
} catch (error) {
  console.log(`FAIL  synth            ${(error as Error).message}`);
  process.exit(1);
}
const { app, templates } = synthesized;
if (values!.record) {
  writeRecord(stageName, statefulResourcesOf(templates));
  console.log(`Recorded the stateful resources of ${stageName} in lib/stateful-resources/${stageName}.json: review the diff before committing.`);
}
const given = Object.entries(context).map(([key, value]) => `${key}=${value}`);
console.log(`Stage ${stageName}${given.length > 0 ? `, context ${given.join(' ')}` : ', no -c context'}`);
const results = [
  checkDeployContext(stageName, context),
  checkNag(app),
  checkCfnLint(templates),
  checkBudgets(templates),
  checkStatefulResources(stageName, templates),
];
for (const result of results) {
  console.log(`${result.skipped ? 'SKIP' : result.ok ? 'PASS' : 'FAIL'}  ${result.name.padEnd(16)} ${result.summary}`);
  if (!result.ok || values!.verbose) for (const finding of result.findings) console.log(`      ${finding}`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
