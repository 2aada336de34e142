// infrastructure → the deploy rehearsal, offline: synthesize a stage, then cdk-nag, cfn-lint, the resource and size
// budgets and the data-loss guard. Used by `npm run deploy:check -- --stage <name>` and by the CDK tests alike.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { isConnectivityKind } from '#shared/config';
import type { RouteDefinition } from '#shared/routes';
import { BookingServiceStage } from '#lib/booking-service-stage';
import { projectRoot } from '#lib/function-with-log-group';
import { smdpContextKeys } from '#lib/smdp-notification-domain';
import { assertRealConnectivity, type StageName, stageSettings } from '#lib/stage';

/** Headroom under CloudFormation's 500 resources and 1 MB template: room for a dozen more routes in any stack. */
export const stackBudget = { resources: 300, templateBytes: 1_000_000 } as const;

export interface SynthesizedTemplate {
  /** Stable name: the construct path of the stack within the app, e.g. `EsimBooking-dev/Api/Api/PartnerRoutes`. */
  label: string;
  file: string;
  bytes: number;
  template: { Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string }> };
}

export interface SynthesizedStage {
  app: App;
  stage: BookingServiceStage;
  templates: SynthesizedTemplate[];
}

/** Feature flags exactly as `cdk synth` sees them (cdk.json); esbuild bundling skipped: templates only. */
export const cdkContext = (): Record<string, unknown> =>
  JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')).context as Record<string, unknown>;

/** Cloud assemblies this process wrote (a few MB each): removed when it exits, as nothing reads them afterwards. */
const assemblies: string[] = [];
const removeAssemblies = () => {
  for (const folder of assemblies.splice(0)) rmSync(folder, { recursive: true, force: true });
};

/**
 * Synthesizes one stage offline. Into a temporary folder removed at exit, or into `keepIn` (emptied first) when its
 * files must outlive the process, as the validation report whose path the CDK prints for `npm run deploy:check`.
 */
export const synthesizeStage = (
  stageName: StageName,
  { routes, context = {}, keepIn }: { routes?: readonly RouteDefinition[]; context?: Record<string, unknown>; keepIn?: string } = {},
): SynthesizedStage => {
  const outdir = keepIn ?? mkdtempSync(join(tmpdir(), `esim-booking-${stageName}-`));
  if (keepIn) {
    rmSync(keepIn, { recursive: true, force: true });
    mkdirSync(keepIn, { recursive: true });
  } else {
    if (assemblies.length === 0) process.once('exit', removeAssemblies);
    assemblies.push(outdir);
  }
  const app = new App({
    outdir,
    context: { ...cdkContext(), 'aws:cdk:bundling-stacks': [], ...context },
  });
  // `-c connectivity=...` as cdk synth reads it (lib/stage.ts), with the same refusal (production never simulated);
  // the stage's own otherwise.
  const settings = stageSettings(stageName);
  const connectivity = isConnectivityKind(context.connectivity) ? context.connectivity : settings.connectivity;
  const stage = new BookingServiceStage(app, { stage: assertRealConnectivity({ ...settings, connectivity }), routes });
  const assembly = app.synth();
  const directory = assembly.nestedAssemblies[0]!.nestedAssembly.directory;
  const templates = stage.node
    .findAll()
    .filter(Stack.isStack)
    .map((stack) => {
      const file = join(directory, stack.templateFile);
      const text = readFileSync(file, 'utf8');
      return { label: stack.node.path, file, bytes: Buffer.byteLength(text), template: JSON.parse(text) };
    });
  return { app, stage, templates };
};

/**
 * The `-c` settings a deployed stage needs to work, not only to synthesize: the email sender (without it SES refuses
 * every email) and, where the stage provisions over ES2+, the SM-DP+ notification domain (without it no installation
 * is reported). Production fails without them; another stage passes, saying what it lacks.
 */
export const checkDeployContext = (stageName: StageName, context: Record<string, unknown>): CheckResult => {
  const settings = stageSettings(stageName);
  const connectivity = isConnectivityKind(context.connectivity) ? context.connectivity : settings.connectivity;
  const missing = [
    ...(context.emailFrom ? [] : ['-c emailFrom (SES refuses every email from the placeholder sender)']),
    ...(connectivity === 'es2plus' && !context.smdpDomainName
      ? ['-c smdpDomainName, smdpCertificateArn, smdpTruststoreUri (no eSIM installation would be reported)']
      : []),
  ];
  const required = stageName === 'production';
  return {
    name: 'deploy context',
    ok: !required || missing.length === 0,
    summary:
      missing.length === 0
        ? 'every setting a deployed stage needs is given'
        : `${required ? 'production needs' : 'not given (production would fail)'}: ${missing.join('; ')}`,
    findings: [],
  };
};

/** The context keys the deploy context check reads (`-c emailFrom=…`, `-c connectivity=…`, the SM-DP+ domain's). */
const deployContextKeys = ['emailFrom', 'connectivity', ...Object.values(smdpContextKeys)] as const;

/** The deploy context as `cdk deploy` gave it to the app (`-c key=value`, cdk.json), for `checkDeployContext`. */
export const deployContextOf = (scope: Construct): Record<string, unknown> =>
  Object.fromEntries(deployContextKeys.map((key) => [key, scope.node.tryGetContext(key)]).filter(([, value]) => value !== undefined));

/**
 * What the CDK app (`cdk deploy`, `cdk diff`, `cdk synth`) does with the deploy context check: a stage the check fails
 * (production without its email sender or SM-DP+ domain) is refused before anything is synthesized, so a deploy or a
 * rollback typed without the stage's `-c` values cannot break every email or delete the SM-DP+ notification domain.
 * The offline synthesis of `deploy:check` and the tests (`synthesizeStage`) still synthesize it and report the check.
 */
export const assertDeployContext = (stageName: StageName, context: Record<string, unknown>): void => {
  const result = checkDeployContext(stageName, context);
  if (result.ok) return;
  throw new Error(
    `Refusing to synthesize ${stageName}: ${result.summary}. Give cdk deploy and cdk diff the same -c values as every deploy of ` +
      'the stage (docs/operations.md, "Deploying and rolling back"); npm run deploy:check rehearses them offline.',
  );
};

export interface CheckResult {
  name: string;
  ok: boolean;
  /** One line: what was measured, or why it failed. */
  summary: string;
  /** Every finding, one per line. */
  findings: string[];
  /** The check could not run on this machine (a missing tool); it neither passes nor fails. */
  skipped?: boolean;
}

export const checkBudgets = (templates: readonly SynthesizedTemplate[]): CheckResult => {
  const measured = templates.map((t) => ({ label: t.label, resources: Object.keys(t.template.Resources).length, bytes: t.bytes }));
  const findings = measured
    .filter((m) => m.resources > stackBudget.resources || m.bytes >= stackBudget.templateBytes)
    .map((m) => `${m.label}: ${m.resources} resources (budget ${stackBudget.resources}), ${m.bytes} bytes (budget < ${stackBudget.templateBytes})`);
  const largest = [...measured].sort((a, b) => b.resources - a.resources)[0]!;
  const biggest = [...measured].sort((a, b) => b.bytes - a.bytes)[0]!;
  return {
    name: 'budgets',
    ok: findings.length === 0,
    summary: `${measured.length} stacks; most resources ${largest.resources}/${stackBudget.resources} (${largest.label}); largest template ${(biggest.bytes / 1024).toFixed(0)} KiB of ${stackBudget.templateBytes / 1000} KB (${biggest.label})`,
    findings: findings.length > 0 ? findings : measured.map((m) => `${m.label}: ${m.resources} resources, ${m.bytes} bytes`),
  };
};

export const checkNag = (app: App): CheckResult => {
  const violations = new AwsSolutionsChecks().validateScope(app).violations;
  const errors = violations.filter((violation) => violation.severity === 'error');
  return {
    name: 'cdk-nag',
    ok: errors.length === 0,
    summary: `${errors.length} unacknowledged AwsSolutions findings`,
    findings: errors.map(
      (violation) => `${violation.ruleName}: ${violation.description} (${violation.violatingResources.map((r) => r.resourceLogicalId).join(', ')})`,
    ),
  };
};

/** cfn-lint (Python, `pip install cfn-lint`) with the project's .cfnlintrc; skipped in one line where it is missing. */
export const checkCfnLint = (templates: readonly SynthesizedTemplate[]): CheckResult => {
  const run = spawnSync(
    'cfn-lint',
    ['--config-file', join(projectRoot, '.cfnlintrc'), '--format', 'parseable', '--', ...templates.map((t) => t.file)],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.error) {
    return {
      name: 'cfn-lint',
      ok: true,
      skipped: true,
      summary: 'cfn-lint is not installed: `pip install cfn-lint` to lint the templates',
      findings: [],
    };
  }
  const lines = run.stdout.split('\n').filter(Boolean);
  const ruleOf = (line: string) => /:([EWI]\d{4}):/.exec(line)?.[1] ?? '';
  const errors = lines.filter((line) => ruleOf(line).startsWith('E'));
  const warnings = lines.filter((line) => ruleOf(line).startsWith('W'));
  const crashed = run.status !== 0 && lines.length === 0;
  return {
    name: 'cfn-lint',
    ok: errors.length === 0 && !crashed,
    summary: crashed
      ? `cfn-lint failed: ${run.stderr.trim().split('\n').at(-1)}`
      : `${templates.length} templates, ${errors.length} errors, ${warnings.length} warnings`,
    findings: [...errors, ...warnings],
  };
};
