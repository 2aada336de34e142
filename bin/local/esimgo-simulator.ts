// local runtime → an eSIM Go API v2.5 simulator: the calls the adapter makes (POST /orders validate and transaction,
// GET /orders, GET /esims/assignments, GET /esims/{iccid}/bundles) with `X-API-Key` checked, every request and every
// answer validated by the schemas the adapter uses, errors as `{ message }`, data used on an eSIM's active bundle,
// V3 usage callbacks signed with the API key, and fault switches (latency, 5xx, lost answers) for failure tests.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { luhnCheckDigit } from '#shared/domain/luhn';
import {
  AssignmentsAnswerSchema,
  BundlesAnswerSchema,
  OrderListAnswerSchema,
  OrderRequestSchema,
  type TransactionAnswer,
  TransactionAnswerSchema,
  UsageCallbackSchema,
  ValidateAnswerSchema,
} from '#shared/providers/esimgo/schemas';
import { signCallback } from '#shared/providers/esimgo/signature';

export type EsimGoCall = 'validateOrder' | 'placeOrder' | 'listOrders' | 'getAssignments' | 'listBundles';

export interface EsimGoFaults {
  /** Milliseconds every answer waits (a transaction still runs: the order exists even when the caller gave up). */
  latencyMs: number;
  /** The next call of this kind waits this long before it runs and answers (a timeout of one call). */
  slowAnswers: Array<{ call: EsimGoCall; ms: number }>;
  /** The next calls of these answer HTTP 500 `{ message }` without running. */
  serverErrors: EsimGoCall[];
  /** The next calls of these run, then the connection is dropped: the caller never sees the answer. */
  lostAnswers: EsimGoCall[];
}

export interface RecordedEsimGoCall {
  call: EsimGoCall | 'unknown';
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

interface SimulatedAssignment {
  id: string;
  bundle: string;
  reference: string;
  initialQuantity: number;
  remainingQuantity: number;
  state: 'queued' | 'active' | 'depleted';
  assignedAt: string;
  startTime: string | null;
  endTime: string | null;
  durationDays: number;
}

interface SimulatedEsim {
  iccid: string;
  matchingId: string;
  assignments: SimulatedAssignment[];
}

export interface EsimGoSimulator {
  /** The API base URL with its version, as the secret's `endpoint` names it. */
  url: string;
  apiKey: string;
  smdpAddress: string;
  calls: RecordedEsimGoCall[];
  faults: EsimGoFaults;
  orders: TransactionAnswer[];
  esims: Map<string, SimulatedEsim>;
  /** Where usage callbacks go (set once the operator listens). */
  callbackUrl: string | undefined;
  /** Uses data on the eSIM's active bundle (the first queued one starts), in bytes. */
  useData(iccid: string, bytes: number): void;
  /**
   * Posts the V3 usage callback of the eSIM's active bundle, signed as told (`base64` as the reference, `hex` as the
   * guide; `none` and `wrong` for refusal tests); answers the operator's status and body.
   */
  sendUsageCallback(iccid: string, signature?: 'base64' | 'hex' | 'none' | 'wrong'): Promise<{ status: number; body: string }>;
  reset(): void;
  stop(): Promise<void>;
}

/** 1 GB = 10⁹ bytes at eSIM Go (its quantities are base 10). */
const BUNDLE_NAME = /^esim_(\d+(?:\.\d+)?)(MB|GB)_(\d+)D_([A-Za-z0-9]+)_V2$|^esim_(UL|ULP)_(\d+)D_([A-Za-z0-9]+)_V2$/;

const parseBundle = (name: string): { bytes: number; days: number } | undefined => {
  const match = BUNDLE_NAME.exec(name);
  if (!match) return undefined;
  if (match[5]) return { bytes: 0, days: Number(match[6]) };
  return { bytes: Math.round(Number(match[1]) * (match[2] === 'GB' ? 1e9 : 1e6)), days: Number(match[3]) };
};

const take = <T>(list: T[], item: T): boolean => {
  const index = list.indexOf(item);
  if (index < 0) return false;
  list.splice(index, 1);
  return true;
};

export const startEsimGoSimulator = async (): Promise<EsimGoSimulator> => {
  const apiKey = randomBytes(24).toString('base64url');
  const smdpAddress = 'rsp.esimgo-simulator.esim.example';
  const calls: RecordedEsimGoCall[] = [];
  const faults: EsimGoFaults = { latencyMs: 0, slowAnswers: [], serverErrors: [], lostAnswers: [] };
  const orders: TransactionAnswer[] = [];
  const esims = new Map<string, SimulatedEsim>();
  let serial = 0;

  const newEsim = (): SimulatedEsim => {
    serial += 1;
    const body = `894400000${String(Date.now() % 1e5).padStart(5, '0')}${String(serial).padStart(4, '0')}`;
    const esim = { iccid: `${body}${luhnCheckDigit(body)}`, matchingId: `EG-${randomBytes(6).toString('hex').toUpperCase()}`, assignments: [] };
    esims.set(esim.iccid, esim);
    return esim;
  };

  const place = (request: v.InferOutput<typeof OrderRequestSchema>): TransactionAnswer | { error: string } => {
    for (const line of request.order) {
      if (!parseBundle(line.item)) return { error: `Bundle ${line.item} not found` };
      for (const iccid of line.iccids ?? []) if (!esims.has(iccid)) return { error: `eSIM ${iccid} not found` };
    }
    const orderReference = `${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(6).toString('hex')}`;
    const createdDate = new Date().toISOString();
    const lines = request.order.map((line) => {
      const bundle = parseBundle(line.item) as { bytes: number; days: number };
      const targets = line.iccids?.map((iccid) => esims.get(iccid) as SimulatedEsim) ?? Array.from({ length: line.quantity }, newEsim);
      for (const esim of targets) {
        esim.assignments.push({
          id: String(esim.assignments.length + 1),
          bundle: line.item,
          reference: orderReference,
          initialQuantity: bundle.bytes,
          remainingQuantity: bundle.bytes,
          state: 'queued',
          assignedAt: createdDate,
          startTime: null,
          endTime: null,
          durationDays: bundle.days,
        });
      }
      return {
        type: 'bundle',
        item: line.item,
        quantity: line.quantity,
        subTotal: 2.28 * line.quantity,
        pricePerUnit: 2.28,
        iccids: targets.map((e) => e.iccid),
        ...(line.iccids ? {} : { esims: targets.map((e) => ({ iccid: e.iccid, matchingId: e.matchingId, smdpAddress: smdpAddress })) }),
      };
    });
    const answer = v.parse(TransactionAnswerSchema, {
      order: lines,
      total: lines.reduce((sum, line) => sum + line.subTotal, 0),
      currency: 'USD',
      status: 'completed',
      statusMessage: `Order completed: ${lines.reduce((n, line) => n + line.iccids.length, 0)} eSIMs assigned`,
      orderReference,
      createdDate,
      assigned: true,
    });
    orders.push(answer);
    return answer;
  };

  const callOf = (method: string, path: string): EsimGoCall | 'unknown' => {
    if (path === '/v2.5/orders') return method === 'GET' ? 'listOrders' : 'placeOrder';
    if (method === 'GET' && path === '/v2.5/esims/assignments') return 'getAssignments';
    if (method === 'GET' && /^\/v2\.5\/esims\/\d+\/bundles$/.test(path)) return 'listBundles';
    return 'unknown';
  };

  /** Answers `{ status, body }` for one request; `body` is validated by its schema before it is sent. */
  const handle = (call: EsimGoCall | 'unknown', req: IncomingMessage, url: URL, body: unknown): { status: number; body: unknown } => {
    const message = (status: number, text: string) => ({ status, body: { message: text } });
    if (req.headers['x-api-key'] !== apiKey) return message(403, 'Forbidden');
    switch (call) {
      case 'placeOrder':
      case 'validateOrder': {
        if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) return message(400, 'Content-Type must be application/json');
        const parsed = v.safeParse(OrderRequestSchema, body);
        if (!parsed.success) return message(400, `Invalid order: ${parsed.issues[0]?.message ?? 'bad request'}`);
        if (parsed.output.type === 'validate') {
          const known = parsed.output.order.every((line) => parseBundle(line.item) && (line.iccids ?? []).every((iccid) => esims.has(iccid)));
          const lines = parsed.output.order.map((line) => ({
            type: 'bundle',
            item: line.item,
            quantity: line.quantity,
            subTotal: 2.28,
            pricePerUnit: 2.28,
          }));
          return {
            status: 200,
            body: v.parse(ValidateAnswerSchema, {
              order: lines,
              total: 2.28 * lines.length,
              valid: known,
              currency: 'USD',
              createdDate: new Date().toISOString(),
              assigned: true,
            }),
          };
        }
        const placed = place(parsed.output);
        return 'error' in placed ? message(400, placed.error) : { status: 200, body: placed };
      }
      case 'listOrders': {
        const bounds = url.searchParams.getAll('createdAt').map((value) => value.split(':', 1)[0] as string);
        const at = (op: string) =>
          url.searchParams
            .getAll('createdAt')
            .find((value) => value.startsWith(`${op}:`))
            ?.slice(op.length + 1);
        if (bounds.some((op) => !['gte', 'lte', 'gt', 'lt', 'eq'].includes(op))) return message(400, 'Unknown createdAt operator');
        const from = at('gte') ? Date.parse(at('gte') as string) : Number.NEGATIVE_INFINITY;
        const to = at('lte') ? Date.parse(at('lte') as string) : Number.POSITIVE_INFINITY;
        const listed = orders.filter((o) => Date.parse(o.createdDate) >= from && Date.parse(o.createdDate) <= to);
        return { status: 200, body: v.parse(OrderListAnswerSchema, listed) && listed };
      }
      case 'getAssignments': {
        const reference = url.searchParams.get('reference');
        const order = orders.find((o) => o.orderReference === reference);
        if (!order) return message(400, 'Reference not found');
        const found = order.order.flatMap((line) =>
          (line.iccids ?? []).map((iccid) => ({
            iccid,
            matchingId: esims.get(iccid)?.matchingId,
            smdpAddress,
            profileStatus: 'Released',
            bundle: line.item,
            reference,
          })),
        );
        // The QR delivery guide's JSON: one object for one eSIM, an array for several.
        const answer = found.length === 1 ? found[0] : found;
        v.parse(AssignmentsAnswerSchema, answer);
        return { status: 200, body: answer };
      }
      case 'listBundles': {
        const esim = esims.get(url.pathname.split('/')[3] as string);
        if (!esim) return message(400, 'ICCID not found');
        const names = [...new Set(esim.assignments.map((a) => a.bundle))];
        const answer = {
          bundles: names.map((name) => ({
            name,
            assignments: esim.assignments
              .filter((a) => a.bundle === name)
              .map((a) => ({
                id: a.id,
                initialQuantity: a.initialQuantity,
                remainingQuantity: a.remainingQuantity,
                assignmentDateTime: a.assignedAt,
                assignmentReference: a.reference,
                bundleState: a.state,
                ...(a.startTime ? { startTime: a.startTime, endTime: a.endTime } : {}),
                unlimited: a.initialQuantity === 0,
              })),
          })),
        };
        return { status: 200, body: v.parse(BundlesAnswerSchema, answer) };
      }
      default:
        return message(404, 'Not Found');
    }
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      let call = callOf(req.method ?? 'GET', url.pathname);
      if (call === 'placeOrder' && (body as { type?: string } | undefined)?.type === 'validate') call = 'validateOrder';
      calls.push({ call, method: req.method ?? 'GET', path: url.pathname, query: [...url.searchParams], headers: req.headers, body });
      const answer = () => {
        if (call !== 'unknown' && take(faults.serverErrors, call)) {
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Server Error' }));
          return;
        }
        const { status, body: answerBody } = handle(call, req, url, body);
        if (call !== 'unknown' && take(faults.lostAnswers, call)) return void req.socket.destroy();
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answerBody));
      };
      const slow = faults.slowAnswers.findIndex((s) => s.call === call);
      const delay = faults.latencyMs + (slow >= 0 ? (faults.slowAnswers.splice(slow, 1)[0]?.ms ?? 0) : 0);
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  const activeOf = (esim: SimulatedEsim): SimulatedAssignment | undefined => {
    const active = esim.assignments.find((a) => a.state === 'active');
    if (active) return active;
    const next = esim.assignments.find((a) => a.state === 'queued');
    if (!next) return undefined;
    const start = new Date();
    Object.assign(next, {
      state: 'active',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + next.durationDays * 86_400_000).toISOString(),
    });
    return next;
  };

  const simulator: EsimGoSimulator = {
    url: `http://127.0.0.1:${port}/v2.5`,
    apiKey,
    smdpAddress,
    calls,
    faults,
    orders,
    esims,
    callbackUrl: undefined,
    useData(iccid, bytes) {
      const esim = esims.get(iccid);
      const active = esim ? activeOf(esim) : undefined;
      if (!active) throw new Error(`No bundle to use on ${iccid}`);
      active.remainingQuantity = Math.max(0, active.remainingQuantity - bytes);
      if (active.remainingQuantity === 0 && active.initialQuantity > 0) active.state = 'depleted';
    },
    async sendUsageCallback(iccid, signature = 'base64') {
      const esim = esims.get(iccid);
      const current = esim?.assignments.find((a) => a.state === 'active') ?? esim?.assignments.filter((a) => a.startTime).at(-1);
      if (!current) throw new Error(`No bundle in use on ${iccid}`);
      if (!simulator.callbackUrl) throw new Error('No callback URL is set');
      const payload = v.parse(UsageCallbackSchema, {
        iccid,
        alertType: 'Utilisation',
        bundle: {
          id: current.id,
          reference: current.reference,
          name: current.bundle,
          description: `${current.bundle} (simulated)`,
          initialQuantity: current.initialQuantity,
          remainingQuantity: current.remainingQuantity,
          startTime: current.startTime ?? '',
          endTime: current.endTime ?? '',
          unlimited: current.initialQuantity === 0,
        },
      });
      const raw = JSON.stringify(payload);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (signature === 'base64' || signature === 'hex') headers['x-signature-sha256'] = signCallback(raw, apiKey, signature);
      if (signature === 'wrong') headers['x-signature-sha256'] = signCallback(raw, 'not-the-api-key');
      const response = await fetch(simulator.callbackUrl, { method: 'POST', headers, body: raw });
      return { status: response.status, body: await response.text() };
    },
    reset() {
      calls.length = 0;
      orders.length = 0;
      esims.clear();
      Object.assign(faults, { latencyMs: 0, slowAnswers: [], serverErrors: [], lostAnswers: [] });
    },
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  return simulator;
};
