// test → the deploy rehearsal on every stage: resource and size budgets, cfn-lint, cdk-nag and the data-loss guard,
// through the same checks `npm run deploy:check` runs; and the guard itself, on a renamed table and a moved queue.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { App, Stack } from 'aws-cdk-lib';
import { stageStacksSelector } from '#lib/booking-service-stage';
import {
  assertDeployContext,
  checkBudgets,
  checkCfnLint,
  checkDeployContext,
  checkNag,
  deployContextOf,
  stackBudget,
  synthesizeStage,
  type SynthesizedStage,
} from '#lib/deploy-checks';
import { stageNames } from '#lib/stage';
import { checkStatefulResources, compareWithRecord, readRecord, statefulResourcesOf } from '#lib/stateful-resources';

/** The resource counts docs/operations.md states for a stack, by stage: `7 / 7 / 7`, `≈ 60 / 75 / 75`. */
const documentedCounts = (part: string): { approximate: boolean; counts: number[] } => {
  const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const row = operations.split('\n').find((line) => line.startsWith(`| \`EsimBooking-<stage>-${part}\``));
  const cell = row?.split('|').at(-2)?.trim() ?? '';
  return { approximate: cell.startsWith('≈'), counts: cell.replace('≈', '').split('/').map(Number) };
};

describe.each(stageNames)('Deploy checks: %s', (stageName) => {
  let synthesized: SynthesizedStage;
  // As `npm run deploy:check` synthesizes: into a folder kept after the run, holding what an earlier check left.
  const kept = join(mkdtempSync(join(tmpdir(), 'deploy-check-')), stageName);
  const leftByEarlierCheck = join(kept, 'stale.json');

  beforeAll(() => {
    mkdirSync(kept);
    writeFileSync(leftByEarlierCheck, '{}');
    synthesized = synthesizeStage(stageName, { keepIn: kept });
  });

  afterAll(() => rmSync(join(kept, '..'), { recursive: true, force: true }));

  it('synthesizes into the kept folder, emptied first, where the validation report the CDK names stays readable', () => {
    // Assess
    expect(existsSync(leftByEarlierCheck)).toBe(false);
    expect(synthesized.templates.every((template) => template.file.startsWith(kept))).toBe(true);
    expect(JSON.parse(readFileSync(join(kept, 'validation-report.json'), 'utf8'))).toHaveProperty('pluginReports');
  });

  it(`keeps every stack at most ${stackBudget.resources} resources and every template under 1 MB`, () => {
    // Act
    const result = checkBudgets(synthesized.templates);

    // Assess
    console.log(`${stageName} budgets: ${result.summary}\n  ${result.findings.join('\n  ')}`);
    expect(synthesized.templates.length).toBeGreaterThanOrEqual(6);
    expect(result.findings.filter((finding) => finding.includes('budget'))).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it.each(['Data', 'Pipeline', 'Monitoring'])('has as many resources in its %s stack as docs/operations.md says', (part) => {
    // Prepare
    const { approximate, counts } = documentedCounts(part);
    const documented = counts[stageNames.indexOf(stageName)]!;

    // Act
    const template = synthesized.templates.find((t) => t.label === `EsimBooking-${stageName}/${part}`)!;
    const measured = Object.keys(template.template.Resources).length;

    // Assess
    expect(counts).toHaveLength(stageNames.length);
    if (approximate) expect(Math.abs(measured - documented)).toBeLessThanOrEqual(documented / 10);
    else expect(measured).toBe(documented);
  });

  it('passes cfn-lint with no error (warnings only where .cfnlintrc gives the reason)', () => {
    // Act
    const result = checkCfnLint(synthesized.templates);

    // Assess
    if (result.skipped) console.warn(`${stageName}: ${result.summary}`);
    expect(result.findings).toEqual([]);
    expect(result.ok).toBe(true);
  }, 120_000);

  it('selects all its stacks, and only them, by the documented selector through the CDK CLI (`--all` selects none)', () => {
    // Prepare: the stage's own stacks, not the route stacks nested in them
    const topLevel = synthesized.app.node
      .findAll()
      .filter((construct) => Stack.isStack(construct) && !construct.nested)
      .map((stack) => stack.node.path);
    const cdk = createRequire(import.meta.url).resolve('aws-cdk/bin/cdk');
    const list = (selector: string) =>
      execFileSync(process.execPath, [cdk, 'ls', selector, '--app', synthesized.app.outdir, '--no-notices'], { env: { ...process.env, CI: 'true' } })
        .toString()
        .trim()
        .split('\n')
        .map((line) => line.split(' ')[0]);

    // Act
    const selected = list(stageStacksSelector({ name: stageName }));

    // Assess
    expect(topLevel).toHaveLength(4);
    expect(selected.sort()).toEqual(topLevel.sort());
    // Every deploy or diff the docs show names the stage's stacks by the selector.
    for (const doc of ['../../README.md', '../../docs/operations.md']) {
      const commands = readFileSync(new URL(doc, import.meta.url), 'utf8').match(/npx cdk (deploy|diff)\s+\S+/g) ?? [];
      expect({ doc, commands }).toEqual({
        doc,
        commands: commands.map(() => expect.stringMatching(/^npx cdk (deploy|diff)\s+'EsimBooking-[^']+\/\*'$/)),
      });
      expect(commands.length).toBeGreaterThan(0);
    }
  });

  it('passes cdk-nag AwsSolutions', () => {
    expect(checkNag(synthesized.app).findings).toEqual([]);
  });

  it('matches its record of stateful resources: nothing would be deleted, replaced or left unguarded', () => {
    // Act
    const result = checkStatefulResources(stageName, synthesized.templates);

    // Assess
    expect(result.findings).toEqual([]);
    expect(Object.keys(readRecord(stageName)).length).toBeGreaterThan(0);
  });
});

describe('Deploy context', () => {
  const smdp = {
    smdpDomainName: 'es2plus.example.com',
    smdpCertificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x',
    smdpTruststoreUri: 's3://b/ca.pem',
  };

  it.each([
    ['production without any -c', 'production', {}, false, /production needs: -c emailFrom .*smdpDomainName/],
    ['production with the email sender only, over ES2+', 'production', { emailFrom: 'no-reply@mail.example.com' }, false, /smdpDomainName/],
    ['production with the sender and the SM-DP+ domain', 'production', { emailFrom: 'no-reply@mail.example.com', ...smdp }, true, /every setting/],
    [
      'production over eSIM Go with the sender (no SM-DP+ to hear from)',
      'production',
      { emailFrom: 'no-reply@mail.example.com', connectivity: 'esimgo' },
      true,
      /every setting/,
    ],
    ['staging without any -c (said, not failed)', 'staging', {}, true, /not given \(production would fail\)/],
  ] as const)('%s', (_case, stageName, context, ok, summary) => {
    // Act
    const result = checkDeployContext(stageName, context);

    // Assess
    expect(result.ok).toBe(ok);
    expect(result.summary).toMatch(summary);
  });

  it('is read by the CDK app from the context cdk deploy passes, and nothing else', () => {
    // Prepare
    const app = new App({ context: { stage: 'production', emailFrom: 'no-reply@mail.example.com', ...smdp, alarmEmail: 'oncall@example.com' } });

    // Act
    const context = deployContextOf(app);

    // Assess
    expect(context).toEqual({ emailFrom: 'no-reply@mail.example.com', ...smdp });
  });

  it('makes the CDK app refuse production without it, so a rollback typed without the -c values cannot break the stage', () => {
    // Act
    const refusal = () => assertDeployContext('production', deployContextOf(new App({ context: { stage: 'production' } })));

    // Assess
    expect(refusal).toThrow(/^Refusing to synthesize production: production needs: -c emailFrom .*smdpDomainName.*docs\/operations\.md/);
  });

  it.each([
    ['production with every setting', 'production', { emailFrom: 'no-reply@mail.example.com', ...smdp }],
    ['staging without any -c', 'staging', {}],
    ['dev without any -c', 'dev', {}],
  ] as const)('lets the CDK app synthesize %s', (_case, stageName, context) => {
    expect(() => assertDeployContext(stageName, context)).not.toThrow();
  });
});

describe('Data-loss guard', () => {
  let synthesized: SynthesizedStage;

  beforeAll(() => {
    synthesized = synthesizeStage('production');
  });

  it('fails when the table would be renamed (CloudFormation replaces a table whose name changes)', () => {
    // Prepare
    const recorded = readRecord('production');
    const renamed = statefulResourcesOf(synthesized.templates);
    const [label, resources] = Object.entries(renamed).find(([, r]) =>
      Object.values(r).some((resource) => resource.type === 'AWS::DynamoDB::Table'),
    )!;
    const [logicalId, table] = Object.entries(resources).find(([, resource]) => resource.type === 'AWS::DynamoDB::Table')!;
    table.properties.TableName = 'esim-booking-production-renamed';

    // Act
    const findings = compareWithRecord(recorded, renamed);

    // Assess
    expect(findings).toEqual([
      `${label} ${logicalId} (AWS::DynamoDB::Table) would be replaced: TableName "esim-booking-production" → "esim-booking-production-renamed"`,
    ]);
  });

  it('fails when a queue would move to another stack or change its logical id', () => {
    // Prepare
    const recorded = readRecord('production');
    const moved = statefulResourcesOf(synthesized.templates);
    const [label, resources] = Object.entries(moved).find(([, r]) => Object.values(r).some((resource) => resource.type === 'AWS::SQS::Queue'))!;
    const [logicalId, queue] = Object.entries(resources).find(([, resource]) => resource.type === 'AWS::SQS::Queue')!;
    delete resources[logicalId];
    (moved['EsimBooking-production/Elsewhere'] ??= {})[logicalId] = queue;

    // Act
    const findings = compareWithRecord(recorded, moved);

    // Assess
    expect(findings).toEqual([
      `${label} ${logicalId} (AWS::SQS::Queue) would be deleted: its logical id or stack changed, or it was removed`,
      `EsimBooking-production/Elsewhere ${logicalId} (AWS::SQS::Queue) is new: record it (deploy:check --record) so that it is guarded too`,
    ]);
  });
});
