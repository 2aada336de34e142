// configuration → every setting a function reads, by name, each read when called: it fails fast when a deployment forgot it.

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

// Each variable's name is a constant of its own, so a bundle keeps only the names its function reads.
const TABLE_NAME = 'TABLE_NAME';
const DYNAMODB_ENDPOINT = 'DYNAMODB_ENDPOINT';
const SQS_ENDPOINT = 'SQS_ENDPOINT';
const EVENTBRIDGE_ENDPOINT = 'EVENTBRIDGE_ENDPOINT';
const SECRET_KEY_ID = 'SECRET_KEY_ID';
const LOCAL_SECRET_KEY = 'LOCAL_SECRET_KEY';
const EVENT_BUS_NAME = 'EVENT_BUS_NAME';
const WEBHOOK_QUEUE_URL = 'WEBHOOK_QUEUE_URL';
const WEBHOOK_DLQ_URL = 'WEBHOOK_DLQ_URL';
const WEBHOOK_TIMEOUT_MS = 'WEBHOOK_TIMEOUT_MS';
const WEBHOOK_BACKOFF_SCALE = 'WEBHOOK_BACKOFF_SCALE';
const WEBHOOK_ALLOW_PRIVATE_URLS = 'WEBHOOK_ALLOW_PRIVATE_URLS';
const WEBHOOK_WARN_AFTER_HOURS = 'WEBHOOK_WARN_AFTER_HOURS';
const WEBHOOK_DISABLE_AFTER_HOURS = 'WEBHOOK_DISABLE_AFTER_HOURS';
const PUBLIC_BASE_URL = 'PUBLIC_BASE_URL';
const PARTNER_REQUESTS_PER_WINDOW = 'PARTNER_REQUESTS_PER_WINDOW';
const SWEEP_INTERVAL_MS = 'SWEEP_INTERVAL_MS';
const STAGE = 'STAGE';
const TOKEN_KEY_ID = 'TOKEN_KEY_ID';
const EMAIL_FROM = 'EMAIL_FROM';
const LOCAL_MAIL_DIR = 'LOCAL_MAIL_DIR';
const CONNECTIVITY = 'CONNECTIVITY';
const PROVIDER_SECRET_ID = 'PROVIDER_SECRET_ID';
const LOCAL_PROVIDER_SECRET_FILE = 'LOCAL_PROVIDER_SECRET_FILE';

/** Names of the environment variables, shared by the CDK stack, the local runtime and the functions. */
export const envNames = {
  tableName: TABLE_NAME,
  dynamodbEndpoint: DYNAMODB_ENDPOINT,
  sqsEndpoint: SQS_ENDPOINT,
  eventBridgeEndpoint: EVENTBRIDGE_ENDPOINT,
  secretKeyId: SECRET_KEY_ID,
  localSecretKey: LOCAL_SECRET_KEY,
  eventBusName: EVENT_BUS_NAME,
  webhookQueueUrl: WEBHOOK_QUEUE_URL,
  webhookDeadLetterQueueUrl: WEBHOOK_DLQ_URL,
  webhookTimeoutMs: WEBHOOK_TIMEOUT_MS,
  webhookBackoffScale: WEBHOOK_BACKOFF_SCALE,
  webhookAllowPrivateUrls: WEBHOOK_ALLOW_PRIVATE_URLS,
  webhookWarnAfterHours: WEBHOOK_WARN_AFTER_HOURS,
  webhookDisableAfterHours: WEBHOOK_DISABLE_AFTER_HOURS,
  publicBaseUrl: PUBLIC_BASE_URL,
  /** Local runtime only: requests per API key per window (deployed: the WAF rule, shared/http/rate-limit.ts). */
  partnerRequestsPerWindow: PARTNER_REQUESTS_PER_WINDOW,
  /** Local runtime only: how often the sweeper runs (the stack's schedule is one minute). */
  sweepIntervalMs: SWEEP_INTERVAL_MS,
  stage: STAGE,
  /** KMS HMAC key that signs redirect tokens (AWS); locally they are signed with a key derived from LOCAL_SECRET_KEY. */
  tokenKeyId: TOKEN_KEY_ID,
  /** Sender address of every email (an SES verified identity in AWS). */
  emailFrom: EMAIL_FROM,
  /** Local runtime only: emails are written as .eml files into this folder instead of being sent. */
  localMailDir: LOCAL_MAIL_DIR,
  /** Which connectivity provider provisions eSIMs: `simulated`, `es2plus` or `esimgo` (lib/stage.ts; `PROVIDER` for `npm start`). */
  connectivity: CONNECTIVITY,
  /** Secrets Manager secret (name or ARN) holding the provider's endpoint, credentials and settings. */
  providerSecretId: PROVIDER_SECRET_ID,
  /** Local runtime only: the provider secret as a JSON file (mode 0600) the runtime wrote for its simulator. */
  localProviderSecretFile: LOCAL_PROVIDER_SECRET_FILE,
} as const;

/** Why a deployed stage may never reach private webhook URLs (SSRF into our own network). */
export const privateUrlsRefusal = (stage: string): string =>
  `${WEBHOOK_ALLOW_PRIVATE_URLS}=true is for the local runtime only and is refused in the deployed stage "${stage}": ` +
  'webhooks must reach public https endpoints. Remove the variable.';

export const connectivityKinds = ['simulated', 'es2plus', 'esimgo'] as const;
export type ConnectivityKind = (typeof connectivityKinds)[number];

export const isConnectivityKind = (value: unknown): value is ConnectivityKind => connectivityKinds.includes(value as ConnectivityKind);

/*
 * Each setting is a function of its own, read when called: a bundle keeps only the settings its function reads, and
 * a setting a deployment forgot fails where it is needed.
 */
export const tableName = (): string => required(TABLE_NAME);

/** Set only locally (DynamoDB Local); in AWS the SDK's default endpoint is used. */
export const dynamodbEndpoint = (): string | undefined => optional(DYNAMODB_ENDPOINT);

export const sqsEndpoint = (): string | undefined => optional(SQS_ENDPOINT);

/** Set only locally (the in-process PutEvents router). */
export const eventBridgeEndpoint = (): string | undefined => optional(EVENTBRIDGE_ENDPOINT);

/** KMS key that encrypts partner secrets in AWS. */
export const secretKeyId = (): string | undefined => optional(SECRET_KEY_ID);

/** Base64 AES-256 key that encrypts partner secrets in local mode, instead of KMS. */
export const localSecretKey = (): string | undefined => optional(LOCAL_SECRET_KEY);

export const eventBusName = (): string => required(EVENT_BUS_NAME);

export const webhookQueueUrl = (): string => required(WEBHOOK_QUEUE_URL);

export const webhookDeadLetterQueueUrl = (): string => required(WEBHOOK_DLQ_URL);

export const webhookTimeoutMs = (): number => numberOr(WEBHOOK_TIMEOUT_MS, 10_000);

/** Multiplies every backoff step; local tests use a tiny value to run all 12 attempts in seconds. */
export const webhookBackoffScale = (): number => numberOr(WEBHOOK_BACKOFF_SCALE, 1);

/** How long an endpoint may fail without a success before its partner is warned, and before it is disabled (hours, when set). */
export const webhookHealthHours = (): { warnAfterHours?: number; disableAfterHours?: number } => ({
  warnAfterHours: optionalNumber(WEBHOOK_WARN_AFTER_HOURS),
  disableAfterHours: optionalNumber(WEBHOOK_DISABLE_AFTER_HOURS),
});

/** Local mode only: lets webhooks reach http://127.0.0.1 receivers. Refused in every deployed stage. */
export const webhookAllowPrivateUrls = (): boolean => {
  const allowed = optional(WEBHOOK_ALLOW_PRIVATE_URLS) === 'true';
  if (allowed && stage() !== localStage) throw new Error(privateUrlsRefusal(stage()));
  return allowed;
};

/** Where travelers reach public endpoints (claim URLs); falls back to the request's own host. */
export const publicBaseUrl = (): string | undefined => optional(PUBLIC_BASE_URL);

/** Local runtime only: requests per API key per window, when set (default: shared/http/rate-limit.ts). */
export const partnerRequestsPerWindow = (): number | undefined => optionalNumber(PARTNER_REQUESTS_PER_WINDOW);

export const emailFrom = (): string => required(EMAIL_FROM);

export const localMailDir = (): string | undefined => optional(LOCAL_MAIL_DIR);

export const stage = (): string => optional(STAGE) ?? localStage;

export const connectivity = (): ConnectivityKind => {
  const value = optional(CONNECTIVITY) ?? 'simulated';
  if (!isConnectivityKind(value)) throw new Error(`${CONNECTIVITY} must be one of ${connectivityKinds.join(', ')}, got "${value}"`);
  return value;
};

export const providerSecretId = (): string | undefined => optional(PROVIDER_SECRET_ID);

export const localProviderSecretFile = (): string | undefined => {
  const file = optional(LOCAL_PROVIDER_SECRET_FILE);
  if (file && stage() !== localStage) throw new Error(`${LOCAL_PROVIDER_SECRET_FILE} is for the local runtime only`);
  return file;
};

export const tokenKeyId = (): string | undefined => optional(TOKEN_KEY_ID);

/** Deployed stages serve over https only: Secure, `__Host-` cookies and HSTS. */
export const secureCookies = (): boolean => (optional(STAGE) ?? 'local') !== 'local';
