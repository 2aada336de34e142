// ops → `npm run ops -- simulate <step>`: plays a traveler's step through the partner-signed sandbox routes
// (POST /sandbox/<step>), or moves the local runtime's service clock (advance-clock).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signedRequestHeaders } from '#shared/auth/request-signing';
import { wallClock } from '#shared/clock';
import { LOCAL_CLOCK_PATH } from '#shared/local/clock-control';
import { connectLocal, connectStage, type OpsContext } from '#shared/ops/connection';
import { requirePartner } from '#shared/usecases/manage-partners';

type FlagKind = 'text' | 'number' | 'whole' | 'signed-whole';

interface StepDefinition {
  summary: string;
  /** Flag name (kebab-case, as typed) → what its value must be. */
  flags: Record<string, FlagKind>;
  required?: readonly string[];
  /** Identifying flags: at least one must be given; the service checks that several name the same thing. */
  anyOf?: readonly string[];
}

export const steps = {
  'redeem-promo-code': {
    summary: 'a traveler redeems a promo code',
    flags: { uuid: 'text', code: 'text', 'promo-code-id': 'text', 'external-user-id': 'text' },
    anyOf: ['uuid', 'code', 'promo-code-id'],
  },
  'install-esim': {
    summary: "the traveler's eSIM is installed",
    flags: { 'external-user-id': 'text', iccid: 'text' },
    anyOf: ['external-user-id', 'iccid'],
  },
  'remove-esim': {
    summary: "the traveler's eSIM is removed",
    flags: { 'external-user-id': 'text', iccid: 'text' },
    anyOf: ['external-user-id', 'iccid'],
  },
  'activate-package': {
    summary: 'a package activates on the network',
    flags: { 'package-id': 'text', 'package-queue-uuid': 'text', 'external-user-id': 'text' },
    anyOf: ['package-id', 'package-queue-uuid', 'external-user-id'],
  },
  'report-usage': {
    summary: 'the network reports usage as a percentage of the package',
    flags: { 'package-id': 'text', percent: 'number' },
    required: ['package-id', 'percent'],
  },
  purchase: {
    summary: 'the traveler buys a package (amount in the smallest currency unit)',
    flags: { 'external-user-id': 'text', destination: 'text', amount: 'whole', currency: 'text' },
    required: ['external-user-id', 'destination', 'amount', 'currency'],
  },
  topup: {
    summary: 'the traveler tops up',
    flags: { 'external-user-id': 'text', amount: 'whole', currency: 'text', destination: 'text', iccid: 'text' },
    required: ['external-user-id', 'amount', 'currency'],
  },
  'claim-classic': {
    summary: 'the traveler claims a classic package grant',
    flags: { 'external-user-id': 'text', 'queue-id': 'text' },
    required: ['external-user-id', 'queue-id'],
  },
  'advance-clock': {
    summary: 'local runtime only: move service time (negative moves it back) and run time-driven work now',
    flags: { ms: 'signed-whole' },
    required: ['ms'],
  },
} as const satisfies Record<string, StepDefinition>;

export type StepName = keyof typeof steps;

const common = {
  stage: { type: 'string' },
  json: { type: 'boolean' },
  'data-dir': { type: 'string' },
  partner: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const flagUsage = (name: string, step: StepDefinition): string => {
  const shown = `--${name} <${step.flags[name] === 'text' ? name.replace(/-/g, '_') : 'n'}>`;
  return step.required?.includes(name) ? shown : `[${shown}]`;
};

export const simulateUsage = `Usage: npm run ops -- simulate <step> [--flag value]... [--partner <partner_id>] [--stage <name>] [--json]

Plays a traveler's step for one of the partner's own travelers through the sandbox API (every stage except
production), signed as that partner. Locally --partner defaults to the demo partner. Where a step names
several identifying flags, one is enough; several must name the same thing.

${Object.entries(steps)
  .map(([name, step]: [string, StepDefinition]) => {
    const flags = Object.keys(step.flags).map((flag) => flagUsage(flag, step)).join(' ');
    const oneOf = step.anyOf ? `; at least one of ${step.anyOf.map((flag) => `--${flag}`).join(', ')}` : '';
    return `  ${name} ${flags}\n      ${step.summary}${oneOf}`;
  })
  .join('\n')}`;

export class SimulateUsageError extends Error {}

export type ParsedStep =
  | { step: 'help' }
  | { step: StepName; body: Record<string, string | number>; partner?: string; stage?: string; json: boolean; dataDir?: string };

const isStep = (name: string | undefined): name is StepName => name !== undefined && Object.hasOwn(steps, name);

/** `--ms -5000` reads as two flags to parseArgs; join a negative number to its flag as `--ms=-5000`. */
const joinNegativeValues = (argv: readonly string[]): string[] => {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const token = argv[i]!;
    const next = argv[i + 1];
    if (token.startsWith('--') && !token.includes('=') && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${token}=${next}`);
      i += 1;
    } else joined.push(token);
  }
  return joined;
};

const flagValue = (name: string, kind: FlagKind, raw: string): string | number => {
  if (kind === 'text') {
    if (raw.trim() === '') throw new SimulateUsageError(`--${name} must not be empty.`);
    return raw;
  }
  const value = Number(raw);
  const valid =
    raw.trim() !== '' &&
    Number.isFinite(value) &&
    (kind === 'number' || (Number.isSafeInteger(value) && (kind === 'signed-whole' || value >= 0)));
  if (!valid) {
    const what = { number: 'a number', whole: 'a whole number of at least 0', 'signed-whole': 'a whole number (negative allowed)' }[kind];
    throw new SimulateUsageError(`--${name} must be ${what}, got "${raw}".`);
  }
  return value;
};

/** Parses `simulate <step> ...` into the request body (flags in snake_case); throws SimulateUsageError. */
export const parseSimulate = (argv: readonly string[]): ParsedStep => {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') return { step: 'help' };
  if (!isStep(name)) throw new SimulateUsageError(name.startsWith('-') ? 'Name the step first.' : `Unknown step "${name}".`);
  const step: StepDefinition = steps[name];
  const options = { ...common, ...Object.fromEntries(Object.keys(step.flags).map((flag) => [flag, { type: 'string' as const }])) };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: joinNegativeValues(rest), options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new SimulateUsageError(`${(error as Error).message} (step ${name})`);
  }
  if (values.help) return { step: 'help' };
  for (const flag of step.required ?? []) {
    if (values[flag] === undefined) throw new SimulateUsageError(`${name} needs --${flag}.`);
  }
  if (step.anyOf && !step.anyOf.some((flag) => values[flag] !== undefined)) {
    throw new SimulateUsageError(`${name} needs at least one of ${step.anyOf.map((flag) => `--${flag}`).join(', ')}.`);
  }
  const body: Record<string, string | number> = {};
  for (const [flag, kind] of Object.entries(step.flags)) {
    const raw = values[flag];
    if (typeof raw === 'string') body[flag.replace(/-/g, '_')] = flagValue(flag, kind, raw);
  }
  if (name === 'advance-clock' && values.stage !== undefined) {
    throw new SimulateUsageError('advance-clock moves the local runtime\'s clock only: a deployed stage always runs on real time.');
  }
  return {
    step: name,
    body,
    partner: values.partner as string | undefined,
    stage: values.stage as string | undefined,
    json: values.json === true,
    dataDir: values['data-dir'] as string | undefined,
  };
};

/** Where the steps are played: the local runtime or a deployed stage, and how to sign as one of its partners. */
export interface SimulateTarget {
  /** Base URL of the partner API, ending in /api. */
  apiUrl: string;
  local: boolean;
  /** The partner to play for when none is named: locally the demo partner, or the only partner there is. */
  defaultPartnerId(): Promise<string | undefined>;
  credentials(partnerId: string): Promise<{ apiKey: string; secret: string }>;
  close(): void;
}

export interface SimulateDeps {
  connect(where: { stage?: string; dataDir: string }): Promise<SimulateTarget>;
  fetch: (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<Response>;
  /** Wall time in ms: a request signature vouches for real time. */
  now(): number;
}

const demoPartnerId = async (ctx: OpsContext): Promise<string | undefined> => {
  const file = ctx.localDir ? join(ctx.localDir, 'demo-partner.json') : '';
  if (file && existsSync(file)) {
    const { partner_id: partnerId } = JSON.parse(readFileSync(file, 'utf8')) as { partner_id?: string };
    if (partnerId && (await ctx.partners.getProfile(partnerId))) return partnerId;
  }
  const partners = await ctx.partners.list();
  return partners.length === 1 ? partners[0]!.partner_id : undefined;
};

/** The ops context's stores and cipher (local key file, or KMS on a stage) read and decrypt a partner's secret. */
export const opsTarget = (ctx: OpsContext): SimulateTarget => {
  if (!ctx.apiUrl) throw new Error(`No API URL is known for ${ctx.target}: deploy the current stack (output ApiUrl) or restart npm start.`);
  return {
    apiUrl: ctx.apiUrl.replace(/\/+$/, ''),
    local: ctx.localDir !== undefined,
    defaultPartnerId: () => (ctx.localDir !== undefined ? demoPartnerId(ctx) : Promise.resolve(undefined)),
    async credentials(partnerId) {
      const profile = await requirePartner(partnerId, ctx);
      const stored = await ctx.partners.findByApiKey(profile.api_key);
      if (!stored) throw new Error(`Partner ${partnerId} has no API credentials.`);
      return { apiKey: profile.api_key, secret: await ctx.cipher.decrypt(stored.secretCiphertext, { partner_id: partnerId }) };
    },
    close: () => ctx.close(),
  };
};

export const defaultSimulateDeps: SimulateDeps = {
  connect: async ({ stage, dataDir }) => opsTarget(stage ? await connectStage(stage) : connectLocal(dataDir)),
  fetch: (url, init) => fetch(url, init),
  now: () => wallClock.now().getTime(),
};

interface Envelope {
  success?: boolean;
  message?: string;
  data?: unknown;
  error?: { code?: string; details?: Array<{ path?: string; message?: string }> };
}

class ServiceRefused extends Error {}

const send = async (deps: SimulateDeps, url: string, headers: Record<string, string>, body: unknown): Promise<unknown> => {
  let response: Response;
  try {
    response = await deps.fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new ServiceRefused(`Could not reach ${url}: ${(error as Error).message}`);
  }
  const text = await response.text();
  let envelope: Envelope = {};
  try {
    envelope = text ? (JSON.parse(text) as Envelope) : {};
  } catch {
    // A non-JSON answer (a proxy's error page): report the status alone.
  }
  if (response.ok && envelope.success !== false) return envelope.data ?? {};
  const details = (envelope.error?.details ?? []).map((d) => `\n  ${d.path ? `${d.path}: ` : ''}${d.message ?? ''}`).join('');
  const code = envelope.error?.code ? ` ${envelope.error.code}` : '';
  const hint =
    response.status === 404 && envelope.error?.code === 'route_not_found'
      ? '\n  (Sandbox routes exist in every stage except production; advance-clock needs a running local runtime.)'
      : '';
  throw new ServiceRefused(`The service answered ${response.status}${code}: ${envelope.message ?? 'no message'}${details}${hint}`);
};

const readable = (step: string, result: unknown): string =>
  typeof result === 'object' && result !== null
    ? `${step}: ${Object.entries(result).map(([key, value]) => `${key}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`).join(' ') || 'done'}`
    : `${step}: ${String(result)}`;

/** Runs `simulate <step> ...`; returns the exit code (2: usage, 1: the service refused or could not be reached). */
export const runSimulate = async (
  argv: readonly string[],
  io: { out: (text: string) => void; err: (text: string) => void; defaultDataDir: string },
  deps: SimulateDeps = defaultSimulateDeps,
): Promise<number> => {
  let target: SimulateTarget | undefined;
  try {
    const parsed = parseSimulate(argv);
    if (parsed.step === 'help') {
      io.out(simulateUsage);
      return 0;
    }
    target = await deps.connect({ stage: parsed.stage, dataDir: parsed.dataDir ?? io.defaultDataDir });
    let result: unknown;
    if (parsed.step === 'advance-clock') {
      if (!target.local) throw new SimulateUsageError('advance-clock moves the local runtime\'s clock only.');
      result = await send(deps, `${new URL(target.apiUrl).origin}${LOCAL_CLOCK_PATH}`, {}, parsed.body);
    } else {
      const partnerId = parsed.partner ?? (await target.defaultPartnerId());
      if (!partnerId) {
        throw new SimulateUsageError(
          target.local ? 'Several partners exist and none is the demo partner: pass --partner <partner_id>.' : 'Pass --partner <partner_id>.',
        );
      }
      const path = `/sandbox/${parsed.step}`;
      const headers = signedRequestHeaders(await target.credentials(partnerId), { timestamp: String(deps.now()), method: 'POST', path });
      result = await send(deps, `${target.apiUrl}${path}`, headers, parsed.body);
    }
    io.out(parsed.json ? JSON.stringify(result, null, 2) : readable(parsed.step, result));
    return 0;
  } catch (error) {
    if (error instanceof SimulateUsageError) {
      io.err(`${error.message}\n\n${simulateUsage}`);
      return 2;
    }
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    target?.close();
  }
};
