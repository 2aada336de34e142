// infrastructure → what differs between stages (dev, staging, production); everything else is the same everywhere.
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export const stageNames = ['dev', 'staging', 'production'] as const;
export type StageName = (typeof stageNames)[number];

export interface StageSettings {
  name: StageName;
  /** Stateful resources (table, key, log groups) survive a stack deletion only in production. */
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
  logRetention: RetentionDays;
  /** AWS managed WAF rule groups in front of the API (rate limits run in every stage). */
  managedWafRules: boolean;
}

const settings: Record<StageName, StageSettings> = {
  dev: { name: 'dev', removalPolicy: RemovalPolicy.DESTROY, deletionProtection: false, logRetention: RetentionDays.ONE_WEEK, managedWafRules: false },
  staging: { name: 'staging', removalPolicy: RemovalPolicy.DESTROY, deletionProtection: false, logRetention: RetentionDays.ONE_MONTH, managedWafRules: true },
  production: { name: 'production', removalPolicy: RemovalPolicy.RETAIN, deletionProtection: true, logRetention: RetentionDays.ONE_YEAR, managedWafRules: true },
};

const isStageName = (value: unknown): value is StageName => stageNames.includes(value as StageName);

/** Reads `-c stage=...` (default `dev`) and fails fast on a stage we do not know. */
export const stageFromContext = (scope: Construct): StageSettings => {
  const value: unknown = scope.node.tryGetContext('stage') ?? 'dev';
  if (!isStageName(value)) {
    throw new Error(`Unknown stage "${String(value)}": pass -c stage=${stageNames.join('|')}`);
  }
  return settings[value];
};

export const stageSettings = (name: StageName): StageSettings => settings[name];

/** Every resource name of a stage starts with this, e.g. `esim-booking-dev-...`. */
export const resourcePrefix = (stage: StageSettings): string => `esim-booking-${stage.name}`;
