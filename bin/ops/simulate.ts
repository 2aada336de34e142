// ops → `npm run ops -- simulate <step>`: plays a traveler's step through the partner-signed sandbox routes
// (POST /sandbox/<step>), or moves the local runtime's service clock (advance-clock).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signedRequestHeaders } from '#shared/auth/request-signing';
import { wallClock } from '#shared/clock';
import { LOCAL_CLOCK_PATH } from '#bin/local/clock-control';
import { connectTarget, type OpsContext, regionHint } from '#bin/ops/connection';
import { parseSimulate, SimulateUsageError, simulateUsage } from '#bin/ops/simulate-steps';
import { requirePartner } from '#shared/usecases/manage-partners';

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
  connect(where: { stage?: string; dataDir: string; port?: string }): Promise<SimulateTarget>;
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
  connect: async ({ stage, dataDir, port }) => opsTarget(await connectTarget({ stage, localRoot: dataDir, port })),
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

/** POSTs `body`; the envelope's `data` on success, else ServiceRefused with the service's message (and `notFoundHint` on a 404). */
const send = async (deps: SimulateDeps, url: string, headers: Record<string, string>, body: unknown, notFoundHint: string): Promise<unknown> => {
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
  const hint = response.status === 404 && envelope.error?.code === 'route_not_found' ? `\n  (${notFoundHint})` : '';
  throw new ServiceRefused(`The service answered ${response.status}${code}: ${envelope.message ?? 'no message'}${details}${hint}`);
};

const readable = (step: string, result: unknown): string =>
  typeof result === 'object' && result !== null
    ? `${step}: ${
        Object.entries(result)
          .map(([key, value]) => `${key}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
          .join(' ') || 'done'
      }`
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
    target = await deps.connect({ stage: parsed.stage, dataDir: parsed.dataDir ?? io.defaultDataDir, port: parsed.port });
    let result: unknown;
    if (parsed.step === 'advance-clock') {
      if (!target.local) throw new SimulateUsageError("advance-clock moves the local runtime's clock only.");
      result = await send(
        deps,
        `${new URL(target.apiUrl).origin}${LOCAL_CLOCK_PATH}`,
        {},
        parsed.body,
        'Only the local runtime started with npm start moves its clock.',
      );
    } else {
      const partnerId = parsed.partner ?? (await target.defaultPartnerId());
      if (!partnerId) {
        throw new SimulateUsageError(
          target.local ? 'Several partners exist and none is the demo partner: pass --partner <partner_id>.' : 'Pass --partner <partner_id>.',
        );
      }
      const path = `/sandbox/${parsed.step}`;
      const headers = signedRequestHeaders(await target.credentials(partnerId), { timestamp: String(deps.now()), method: 'POST', path });
      result = await send(deps, `${target.apiUrl}${path}`, headers, parsed.body, 'Sandbox routes exist in every stage except production.');
    }
    io.out(parsed.json ? JSON.stringify(result, null, 2) : readable(parsed.step, result));
    return 0;
  } catch (error) {
    if (error instanceof SimulateUsageError) {
      io.err(`${error.message}\n\n${simulateUsage}`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(`${message}${target === undefined ? regionHint(message) : ''}`);
    return 1;
  } finally {
    target?.close();
  }
};
