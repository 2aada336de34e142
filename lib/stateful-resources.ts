// infrastructure → the data-loss guard: the stateful resources of each deployed stage, by stack and logical id, with
// the properties whose change makes CloudFormation replace them, are recorded in lib/stateful-resources/<stage>.json.
// A synthesized stage that would delete, replace or move one of them fails the deploy check and the CDK tests;
// changing the record is a deliberate, reviewed act (docs/operations.md, "Changing a stateful resource").
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult, SynthesizedTemplate } from '#lib/deploy-checks';
import { projectRoot } from '#lib/function-with-log-group';
import type { StageName } from '#lib/stage';

/** What holds data, by resource type, and the properties whose change forces a replacement (a new, empty resource). */
export const replacementProperties: Readonly<Record<string, readonly string[]>> = {
  'AWS::DynamoDB::Table': ['TableName', 'KeySchema', 'LocalSecondaryIndexes'],
  'AWS::KMS::Key': ['KeySpec', 'KeyUsage', 'MultiRegion'],
  'AWS::SQS::Queue': ['QueueName', 'FifoQueue'],
  'AWS::Logs::LogGroup': ['LogGroupName'],
  'AWS::SecretsManager::Secret': ['Name'],
};

export interface RecordedResource {
  type: string;
  properties: Record<string, unknown>;
}

/** Stack label → logical id → resource. */
export type StatefulRecord = Record<string, Record<string, RecordedResource>>;

export const recordFile = (stageName: StageName): string => join(projectRoot, 'lib', 'stateful-resources', `${stageName}.json`);

/** The stateful resources of synthesized templates, in the record's shape. */
export const statefulResourcesOf = (templates: readonly SynthesizedTemplate[]): StatefulRecord => {
  const record: StatefulRecord = {};
  for (const { label, template } of templates) {
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      const watched = replacementProperties[resource.Type];
      if (!watched) continue;
      const properties = Object.fromEntries(
        watched.filter((name) => resource.Properties?.[name] !== undefined).map((name) => [name, resource.Properties![name]]),
      );
      record[label] ??= {};
      record[label][logicalId] = { type: resource.Type, properties };
    }
  }
  return record;
};

export const readRecord = (stageName: StageName): StatefulRecord =>
  existsSync(recordFile(stageName)) ? (JSON.parse(readFileSync(recordFile(stageName), 'utf8')) as StatefulRecord) : {};

export const writeRecord = (stageName: StageName, record: StatefulRecord): void => {
  writeFileSync(recordFile(stageName), `${JSON.stringify(record, null, 2)}\n`);
};

/** Every way the synthesized stage departs from the record: deletions, replacements, and resources not yet recorded. */
export const compareWithRecord = (recorded: StatefulRecord, synthesized: StatefulRecord): string[] => {
  const findings: string[] = [];
  for (const [label, resources] of Object.entries(recorded)) {
    for (const [logicalId, before] of Object.entries(resources)) {
      const after = synthesized[label]?.[logicalId];
      if (!after) {
        findings.push(`${label} ${logicalId} (${before.type}) would be deleted: its logical id or stack changed, or it was removed`);
        continue;
      }
      if (after.type !== before.type) findings.push(`${label} ${logicalId} would be replaced: type ${before.type} → ${after.type}`);
      for (const name of new Set([...Object.keys(before.properties), ...Object.keys(after.properties)])) {
        const [was, is] = [JSON.stringify(before.properties[name]), JSON.stringify(after.properties[name])];
        if (was !== is) findings.push(`${label} ${logicalId} (${before.type}) would be replaced: ${name} ${was ?? 'unset'} → ${is ?? 'unset'}`);
      }
    }
  }
  for (const [label, resources] of Object.entries(synthesized)) {
    for (const [logicalId, { type }] of Object.entries(resources)) {
      if (!recorded[label]?.[logicalId])
        findings.push(`${label} ${logicalId} (${type}) is new: record it (deploy:check --record) so that it is guarded too`);
    }
  }
  return findings;
};

export const checkStatefulResources = (stageName: StageName, templates: readonly SynthesizedTemplate[]): CheckResult => {
  const synthesized = statefulResourcesOf(templates);
  const findings = compareWithRecord(readRecord(stageName), synthesized);
  const count = Object.values(synthesized).reduce((sum, resources) => sum + Object.keys(resources).length, 0);
  return {
    name: 'data-loss guard',
    ok: findings.length === 0,
    summary:
      findings.length === 0
        ? `${count} stateful resources match lib/stateful-resources/${stageName}.json`
        : `${findings.length} changes to stateful resources`,
    findings,
  };
};
