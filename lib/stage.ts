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
  /** CloudFormation refuses to delete the stage's data stack (table and keys) until this is switched off. */
  terminationProtection: boolean;
  /**
   * How a new function version reaches traffic: `allAtOnce` (no CodeDeploy), or through a `live` alias shifted by
   * CodeDeploy, `linear` (10% a minute) or `canary` (10% for 5 minutes, then the rest), rolled back by the
   * function's errors alarm.
   */
  deployment: 'allAtOnce' | 'linear' | 'canary';
}

const settings: Record<StageName, StageSettings> = {
  dev: {
    name: 'dev',
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.ONE_WEEK,
    managedWafRules: false,
    terminationProtection: false,
    deployment: 'allAtOnce',
  },
  staging: {
    name: 'staging',
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.ONE_MONTH,
    managedWafRules: true,
    terminationProtection: true,
    deployment: 'linear',
  },
  production: {
    name: 'production',
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: RetentionDays.ONE_YEAR,
    managedWafRules: true,
    terminationProtection: true,
    deployment: 'canary',
  },
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
