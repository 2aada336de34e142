// infrastructure → what differs between stages (dev, staging, production); everything else is the same everywhere.
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { type ConnectivityKind, isConnectivityKind } from '#shared/config';

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
  /** Who provisions eSIMs (docs/providers.md); `-c connectivity=...` overrides it. Production never runs `simulated`. */
  connectivity: ConnectivityKind;
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
    connectivity: 'simulated',
  },
  staging: {
    name: 'staging',
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.ONE_MONTH,
    managedWafRules: true,
    terminationProtection: true,
    deployment: 'linear',
    connectivity: 'es2plus',
  },
  production: {
    name: 'production',
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: RetentionDays.ONE_YEAR,
    managedWafRules: true,
    terminationProtection: true,
    deployment: 'canary',
    connectivity: 'es2plus',
  },
};

const isStageName = (value: unknown): value is StageName => stageNames.includes(value as StageName);

/** A production stage that provisions in process would hand travelers eSIMs that do not exist. */
export const assertRealConnectivity = (stage: StageSettings): StageSettings => {
  if (stage.name === 'production' && stage.connectivity === 'simulated') {
    throw new Error(
      'The production stage cannot deploy connectivity "simulated": pass -c connectivity=es2plus or esimgo and create its provider secret (docs/providers.md).',
    );
  }
  return stage;
};

/** Reads `-c stage=...` (default `dev`) and `-c connectivity=...`, and fails fast on values we do not know. */
export const stageFromContext = (scope: Construct): StageSettings => {
  const value: unknown = scope.node.tryGetContext('stage') ?? 'dev';
  if (!isStageName(value)) {
    throw new Error(`Unknown stage "${String(value)}": pass -c stage=${stageNames.join('|')}`);
  }
  const connectivity: unknown = scope.node.tryGetContext('connectivity') ?? settings[value].connectivity;
  if (!isConnectivityKind(connectivity))
    throw new Error(`Unknown connectivity "${String(connectivity)}": pass -c connectivity=simulated|es2plus|esimgo`);
  return assertRealConnectivity({ ...settings[value], connectivity });
};

/** The Secrets Manager secret holding a stage's provider endpoint, credentials and settings (docs/providers.md). */
export const providerSecretName = (stage: StageSettings): string => `esim-booking-${stage.name}/connectivity/${stage.connectivity}`;

export const stageSettings = (name: StageName): StageSettings => settings[name];

/** Every resource name of a stage starts with this, e.g. `esim-booking-dev-...`. */
export const resourcePrefix = (stage: StageSettings): string => `esim-booking-${stage.name}`;
