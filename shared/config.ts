// configuration → every setting a function reads, by name. Getters fail fast when a deployment forgot one.

const required = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
};

const optional = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

const optionalNumber = (name: string): number | undefined => {
  const raw = optional(name);
  if (raw === undefined) return undefined;
  const parsed = Number(raw);
  if (!Number.isFinite(parsed)) throw new Error(`Environment variable ${name} must be a number, got "${raw}"`);
  return parsed;
};

const numberOr = (name: string, fallback: number): number => optionalNumber(name) ?? fallback;

/** The stage name of the local runtime; every other stage is deployed. */
export const localStage = 'local';

/** Why a deployed stage may never reach private webhook URLs (SSRF into our own network). */
export const privateUrlsRefusal = (stage: string): string =>
  `${envNames.webhookAllowPrivateUrls}=true is for the local runtime only and is refused in the deployed stage "${stage}": ` +
  'webhooks must reach public https endpoints. Remove the variable.';

/** Names of the environment variables, shared by the CDK stack, the local runtime and the functions. */
export const envNames = {
  tableName: 'TABLE_NAME',
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  sqsEndpoint: 'SQS_ENDPOINT',
  eventBridgeEndpoint: 'EVENTBRIDGE_ENDPOINT',
  secretKeyId: 'SECRET_KEY_ID',
  localSecretKey: 'LOCAL_SECRET_KEY',
  eventBusName: 'EVENT_BUS_NAME',
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  webhookDeadLetterQueueUrl: 'WEBHOOK_DLQ_URL',
  webhookTimeoutMs: 'WEBHOOK_TIMEOUT_MS',
  webhookBackoffScale: 'WEBHOOK_BACKOFF_SCALE',
  webhookAllowPrivateUrls: 'WEBHOOK_ALLOW_PRIVATE_URLS',
  webhookWarnAfterHours: 'WEBHOOK_WARN_AFTER_HOURS',
  webhookDisableAfterHours: 'WEBHOOK_DISABLE_AFTER_HOURS',
  publicBaseUrl: 'PUBLIC_BASE_URL',
  /** Local runtime only: requests per API key per window (deployed: the WAF rule, shared/http/rate-limit.ts). */
  partnerRequestsPerWindow: 'PARTNER_REQUESTS_PER_WINDOW',
  /** Local runtime only: how often the sweeper runs (the stack's schedule is one minute). */
  sweepIntervalMs: 'SWEEP_INTERVAL_MS',
  stage: 'STAGE',
  /** KMS HMAC key that signs redirect tokens (AWS); locally they are signed with a key derived from LOCAL_SECRET_KEY. */
  tokenKeyId: 'TOKEN_KEY_ID',
  /** Sender address of every email (an SES verified identity in AWS). */
  emailFrom: 'EMAIL_FROM',
  /** Local runtime only: emails are written as .eml files into this folder instead of being sent. */
  localMailDir: 'LOCAL_MAIL_DIR',
  /** Which connectivity provider provisions eSIMs: `simulated`, `es2plus` or `esimgo` (lib/stage.ts; `PROVIDER` for `npm start`). */
  connectivity: 'CONNECTIVITY',
  /** Secrets Manager secret (name or ARN) holding the provider's endpoint, credentials and settings. */
  providerSecretId: 'PROVIDER_SECRET_ID',
  /** Local runtime only: the provider secret as a JSON file (mode 0600) the runtime wrote for its simulator. */
  localProviderSecretFile: 'LOCAL_PROVIDER_SECRET_FILE',
} as const;

export const connectivityKinds = ['simulated', 'es2plus', 'esimgo'] as const;
export type ConnectivityKind = (typeof connectivityKinds)[number];

export const isConnectivityKind = (value: unknown): value is ConnectivityKind => connectivityKinds.includes(value as ConnectivityKind);

export const config = {
  get tableName(): string {
    return required(envNames.tableName);
  },
  /** Set only locally (DynamoDB Local); in AWS the SDK's default endpoint is used. */
  get dynamodbEndpoint(): string | undefined {
    return optional(envNames.dynamodbEndpoint);
  },
  get sqsEndpoint(): string | undefined {
    return optional(envNames.sqsEndpoint);
  },
  /** Set only locally (the in-process PutEvents router). */
  get eventBridgeEndpoint(): string | undefined {
    return optional(envNames.eventBridgeEndpoint);
  },
  /** KMS key that encrypts partner secrets in AWS. */
  get secretKeyId(): string | undefined {
    return optional(envNames.secretKeyId);
  },
  /** Base64 AES-256 key that encrypts partner secrets in local mode, instead of KMS. */
  get localSecretKey(): string | undefined {
    return optional(envNames.localSecretKey);
  },
  get eventBusName(): string {
    return required(envNames.eventBusName);
  },
  get webhookQueueUrl(): string {
    return required(envNames.webhookQueueUrl);
  },
  get webhookDeadLetterQueueUrl(): string {
    return required(envNames.webhookDeadLetterQueueUrl);
  },
  get webhookTimeoutMs(): number {
    return numberOr(envNames.webhookTimeoutMs, 10_000);
  },
  /** Multiplies every backoff step; local tests use a tiny value to run all 12 attempts in seconds. */
  get webhookBackoffScale(): number {
    return numberOr(envNames.webhookBackoffScale, 1);
  },
  /** How long an endpoint may fail without a success before its partner is warned, and before it is disabled (hours, when set). */
  get webhookHealthHours(): { warnAfterHours?: number; disableAfterHours?: number } {
    return { warnAfterHours: optionalNumber(envNames.webhookWarnAfterHours), disableAfterHours: optionalNumber(envNames.webhookDisableAfterHours) };
  },
  /** Local mode only: lets webhooks reach http://127.0.0.1 receivers. Refused in every deployed stage. */
  get webhookAllowPrivateUrls(): boolean {
    const allowed = optional(envNames.webhookAllowPrivateUrls) === 'true';
    if (allowed && this.stage !== localStage) throw new Error(privateUrlsRefusal(this.stage));
    return allowed;
  },
  /** Where travelers reach public endpoints (claim URLs); falls back to the request's own host. */
  get publicBaseUrl(): string | undefined {
    return optional(envNames.publicBaseUrl);
  },
  /** Local runtime only: requests per API key per window, when set (default: shared/http/rate-limit.ts). */
  get partnerRequestsPerWindow(): number | undefined {
    return optionalNumber(envNames.partnerRequestsPerWindow);
  },
  get emailFrom(): string {
    return required(envNames.emailFrom);
  },
  get localMailDir(): string | undefined {
    return optional(envNames.localMailDir);
  },
  get stage(): string {
    return optional(envNames.stage) ?? localStage;
  },
  get connectivity(): ConnectivityKind {
    const value = optional(envNames.connectivity) ?? 'simulated';
    if (!isConnectivityKind(value)) throw new Error(`${envNames.connectivity} must be one of ${connectivityKinds.join(', ')}, got "${value}"`);
    return value;
  },
  get providerSecretId(): string | undefined {
    return optional(envNames.providerSecretId);
  },
  get localProviderSecretFile(): string | undefined {
    const file = optional(envNames.localProviderSecretFile);
    if (file && this.stage !== localStage) throw new Error(`${envNames.localProviderSecretFile} is for the local runtime only`);
    return file;
  },
  get tokenKeyId(): string | undefined {
    return optional(envNames.tokenKeyId);
  },
  /** Deployed stages serve over https only: Secure, `__Host-` cookies and HSTS. */
  get secureCookies(): boolean {
    return (optional(envNames.stage) ?? 'local') !== 'local';
  },
};
