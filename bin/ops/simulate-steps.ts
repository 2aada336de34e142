// ops → the steps of `npm run ops -- simulate` and their flags: usage text and parsing into the sandbox request body.
import { parseArgs } from 'node:util';
import { TARGETS_EXCLUDE_EACH_OTHER } from '#bin/ops/connection';

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
    summary: 'the network reports usage as a percentage of the package (of its duration for unlimited and time-limited)',
    flags: { 'package-id': 'text', percent: 'number' },
    required: ['package-id', 'percent'],
  },
  purchase: {
    summary: 'the traveler buys a package (amount in the smallest currency unit); a web-app purchase names its queue entry',
    flags: { 'external-user-id': 'text', destination: 'text', amount: 'whole', currency: 'text', 'package-queue-uuid': 'text' },
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
  port: { type: 'string' },
  partner: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const flagUsage = (name: string, step: StepDefinition): string => {
  const shown = `--${name} <${step.flags[name] === 'text' ? name.replace(/-/g, '_') : 'n'}>`;
  return step.required?.includes(name) ? shown : `[${shown}]`;
};

export const simulateUsage = `Usage: npm run ops -- simulate <step> [--flag value]... [--partner <partner_id>] [--stage <name> | --port <port>] [--json]

Plays a traveler's step for one of the partner's own travelers through the sandbox API (every stage except
production), signed as that partner. Locally --partner defaults to the demo partner. Where a step names
several identifying flags, one is enough; several must name the same thing.

${Object.entries(steps)
  .map(([name, step]: [string, StepDefinition]) => {
    const flags = Object.keys(step.flags)
      .map((flag) => flagUsage(flag, step))
      .join(' ');
    const oneOf = step.anyOf ? `; at least one of ${step.anyOf.map((flag) => `--${flag}`).join(', ')}` : '';
    return `  ${name} ${flags}\n      ${step.summary}${oneOf}`;
  })
  .join('\n')}`;

export class SimulateUsageError extends Error {}

export type ParsedStep =
  | { step: 'help' }
  | { step: StepName; body: Record<string, string | number>; partner?: string; stage?: string; json: boolean; dataDir?: string; port?: string };

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
    raw.trim() !== '' && Number.isFinite(value) && (kind === 'number' || (Number.isSafeInteger(value) && (kind === 'signed-whole' || value >= 0)));
  if (!valid) {
    const what = { number: 'a number', whole: 'a whole number of at least 0', 'signed-whole': 'a whole number (negative allowed)' }[kind];
    throw new SimulateUsageError(`--${name} must be ${what}, got "${raw}".`);
  }
  return value;
};

/** Parses `simulate <step> ...` into the request body (flags in snake_case); throws SimulateUsageError. */
export const parseSimulate = (argv: readonly string[]): ParsedStep => {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') return { step: 'help' };
  if (name === undefined) throw new SimulateUsageError('Name a step.');
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
  if (values.stage !== undefined && values.port !== undefined) throw new SimulateUsageError(TARGETS_EXCLUDE_EACH_OTHER);
  if (name === 'advance-clock' && values.stage !== undefined) {
    throw new SimulateUsageError("advance-clock moves the local runtime's clock only: a deployed stage always runs on real time.");
  }
  return {
    step: name,
    body,
    partner: values.partner as string | undefined,
    stage: values.stage as string | undefined,
    json: values.json === true,
    dataDir: values['data-dir'] as string | undefined,
    port: values.port as string | undefined,
  };
};
