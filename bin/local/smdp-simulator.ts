// local runtime → an SM-DP+ simulator speaking ES2+ exactly as SGP.22 v2.2 defines it (section 5.3, binding 6.5):
// HTTPS with mutual TLS (a CA, server and client certificates generated at start), `X-Admin-Protocol` checked and
// returned, every request validated with the schemas the client uses, `Failed` answers with HTTP 200, and
// fault switches (latency, 5xx, Failed/Expired with given codes, lost answers) for the failure tests.
import { createHash, randomInt, X509Certificate } from 'node:crypto';
import { Agent, createServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type CertificateExtension, generate } from 'selfsigned';
import * as v from 'valibot';
import { luhnCheckDigit } from '#shared/domain/luhn';
import {
  ADMIN_PROTOCOL,
  ADMIN_PROTOCOL_PATTERN,
  es2PlusPaths,
  type ExecutionStatus,
  type OrderFunction,
  requestSchemas,
} from '#shared/providers/es2plus/messages';
import type { MutualTlsCredentials } from '#shared/providers/es2plus/transport';
import { SIMULATED_DEVICE_PATHS, type SimulatedDeviceAnswer } from '#shared/providers/es2plus/simulated-device';

export interface RecordedCall {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface SmdpFaults {
  /** Milliseconds every answer waits. */
  latencyMs: number;
  /** The next calls of these functions answer HTTP 500 without running. */
  serverErrors: OrderFunction[];
  /** The next calls of these functions answer HTTP 200 with this status and code (SGP.22 tables 24, 27, 30). */
  refusals: Array<{ operation: OrderFunction; status: 'Failed' | 'Expired'; subjectCode: string; reasonCode: string }>;
  /** The next calls of these functions run, then the connection is dropped: the caller never sees the answer. */
  lostAnswers: OrderFunction[];
}

export interface DownloadProgress {
  iccid: string;
  notificationPointId: number;
  status: 'Executed-Success' | 'Executed-WithWarning' | 'Failed';
  /** Defaults to now; an older one plays an out-of-order notification. */
  timestamp?: string;
  /** For a repeated notification: the same call identifier again. */
  functionCallIdentifier?: string;
  statusCodeData?: { subjectCode: string; reasonCode: string; message?: string };
}

interface SimulatedProfile {
  iccid: string;
  profileType: string;
  state: 'allocated' | 'released' | 'installed' | 'available' | 'unavailable';
  matchingId: string | null;
  /** The confirmation code confirmOrder carried, as received (a real SM-DP+ keeps it to check the device's hash). */
  confirmationCode: string | null;
}

/** What the simulator takes as a confirmation code: 4 to 16 letters or digits (SGP.22 leaves the format open). */
const CONFIRMATION_CODE = /^[0-9A-Za-z]{4,16}$/;

export interface SmdpSimulator {
  url: string;
  smdpAddress: string;
  functionRequesterIdentifier: string;
  /** What our side needs to call it: client certificate and key, and the CA that signed its server certificate. */
  clientCredentials: MutualTlsCredentials;
  calls: RecordedCall[];
  faults: SmdpFaults;
  profiles: Map<string, SimulatedProfile>;
  /** Server certificate and key for the operator's notification endpoint, and the CA its callers' certificates chain to. */
  operatorServerCredentials: { key: string; cert: string; ca: string };
  /** SHA-256 fingerprint (hex) of the certificate the simulator notifies with: the operator's allow-list entry. */
  notifierFingerprint: string;
  /** Where notifications go (the operator's handleDownloadProgressInfo URL); set once the operator listens. */
  notificationUrl: string | undefined;
  /** The notifications sent, in order (a test's view of what the operator was told). */
  notified: DownloadProgress[];
  /** Sends one handleDownloadProgressInfo over mutual TLS; answers the operator's HTTP status and body. */
  notify(input: DownloadProgress): Promise<{ status: number; body: string }>;
  /** Forgets every profile, recorded call, remembered answer and pending fault. */
  reset(): void;
  stop(): Promise<void>;
}

const issueCertificates = async () => {
  const ca = await generate([{ name: 'commonName', value: 'Simulated SM-DP+ CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = (commonName: string, extensions: CertificateExtension[]) =>
    generate([{ name: 'commonName', value: commonName }], { keyType: 'ec', algorithm: 'sha256', ca: { key: ca.private, cert: ca.cert }, extensions });
  const server = await leaf('localhost', [
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  const client = await leaf('esim-booking-operator', [{ name: 'extKeyUsage', clientAuth: true }]);
  // The other direction: the SM-DP+ notifies the operator, whose notification endpoint needs a server certificate.
  const notifier = await leaf('smdp-notifier', [{ name: 'extKeyUsage', clientAuth: true }]);
  const operatorServer = await leaf('localhost', [
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  return { ca, server, client, notifier, operatorServer };
};

const profileTypeOk = (type: string | undefined) => type !== undefined && type.length > 0;

/** 89 (telecom) 882 (international) + 13 random digits + Luhn check digit. */
const newIccid = () => {
  const body = `89882${Array.from({ length: 13 }, () => randomInt(10)).join('')}`;
  return `${body}${luhnCheckDigit(body)}`;
};
const newMatchingId = () =>
  Array.from({ length: 4 }, () =>
    randomInt(36 ** 5)
      .toString(36)
      .toUpperCase()
      .padStart(5, '0'),
  ).join('-');

export const startSmdpSimulator = async (options: { smdpAddress?: string; functionRequesterIdentifier?: string } = {}): Promise<SmdpSimulator> => {
  const { ca, server: serverCert, client, notifier, operatorServer } = await issueCertificates();
  const smdpAddress = options.smdpAddress ?? 'smdp.simulator.esim.example';
  const functionRequesterIdentifier = options.functionRequesterIdentifier ?? 'esim-booking-operator';
  const calls: RecordedCall[] = [];
  const faults: SmdpFaults = { latencyMs: 0, serverErrors: [], refusals: [], lostAnswers: [] };
  const profiles = new Map<string, SimulatedProfile>();
  /** Answers by functionCallIdentifier: a repeated call gets the first answer again, nothing runs twice. */
  const answered = new Map<string, Record<string, unknown>>();

  const take = <T extends { operation?: OrderFunction } | OrderFunction>(list: T[], operation: OrderFunction): T | undefined => {
    const index = list.findIndex((item) => (typeof item === 'string' ? item : item.operation) === operation);
    return index < 0 ? undefined : list.splice(index, 1)[0];
  };
  const status = (s: ExecutionStatus['status'], subjectCode?: string, reasonCode?: string, message?: string) => ({
    header: {
      functionExecutionStatus: {
        status: s,
        ...(subjectCode && reasonCode ? { statusCodeData: { subjectCode, reasonCode, ...(message ? { message } : {}) } } : {}),
      },
    },
  });
  const failed = (subjectCode: string, reasonCode: string, message: string) => status('Failed', subjectCode, reasonCode, message);

  const run: { [F in OrderFunction]: (body: v.InferOutput<(typeof requestSchemas)[F]>) => Record<string, unknown> } = {
    downloadOrder(body) {
      if (!profileTypeOk(body.profileType)) return failed('8.2.5', '3.9', 'Unknown profile type');
      const iccid = newIccid();
      profiles.set(iccid, { iccid, profileType: body.profileType as string, state: 'allocated', matchingId: null, confirmationCode: null });
      return { ...status('Executed-Success'), iccid };
    },
    confirmOrder(body) {
      const profile = profiles.get(body.iccid);
      if (!profile) return failed('8.2.1', '3.9', 'Unknown ICCID');
      if (profile.state !== 'allocated') return failed('8.2.1', '3.3', 'Profile already in use');
      if (body.confirmationCode !== undefined && !CONFIRMATION_CODE.test(body.confirmationCode)) {
        return failed('8.2.7', '2.1', 'Invalid confirmation code');
      }
      profile.confirmationCode = body.confirmationCode ?? null;
      profile.matchingId = body.matchingId || newMatchingId();
      profile.state = body.releaseFlag ? 'released' : 'allocated';
      return { ...status('Executed-Success'), matchingId: profile.matchingId, smdpAddress };
    },
    cancelOrder(body) {
      const profile = profiles.get(body.iccid);
      if (!profile) return failed('8.2.1', '3.9', 'Unknown ICCID');
      if (body.matchingId && profile.matchingId !== body.matchingId) return failed('8.2.6', '3.10', 'Another MatchingID');
      profile.state = body.finalProfileStatusIndicator === 'Available' ? 'available' : 'unavailable';
      return status('Executed-Success');
    },
    releaseProfile(body) {
      const profile = profiles.get(body.iccid);
      if (!profile) return failed('8.2.1', '3.9', 'Unknown ICCID');
      profile.state = 'released';
      return status('Executed-Success');
    },
  };
  /**
   * A device downloads and installs a released profile: the SM-DP+ notifies the operator of the download (point 3)
   * and the installation (point 4), as a real one does. A device deletes an installed profile: point 5; the profile
   * is released again, so the sandbox can install the eSIM again as the spec's states allow. 404 for a profile the
   * simulator did not issue, 409 for one not in the state the action needs (another call just changed it).
   */
  const playDevice = async (action: keyof typeof SIMULATED_DEVICE_PATHS, text: string): Promise<{ status: 404 | 409 } | SimulatedDeviceAnswer> => {
    const { iccid, timestamp } = JSON.parse(text) as { iccid?: string; timestamp?: string };
    const profile = profiles.get(String(iccid));
    const from = action === 'install' ? ['released', 'installed'] : ['installed'];
    if (!profile) return { status: 404 };
    if (!from.includes(profile.state)) return { status: 409 };
    profile.state = action === 'install' ? 'installed' : 'released';
    const progress = { iccid: profile.iccid, status: 'Executed-Success', timestamp } as const;
    if (action === 'remove') return { operatorStatus: (await simulator.notify({ ...progress, notificationPointId: 5 })).status };
    await simulator.notify({ ...progress, notificationPointId: 3 });
    return { operatorStatus: (await simulator.notify({ ...progress, notificationPointId: 4 })).status };
  };
  const deviceActions = Object.fromEntries(Object.entries(SIMULATED_DEVICE_PATHS).map(([action, path]) => [path, action])) as Record<
    string,
    keyof typeof SIMULATED_DEVICE_PATHS
  >;
  const operations = Object.fromEntries(Object.entries(es2PlusPaths).map(([name, path]) => [path, name])) as Record<string, OrderFunction>;

  const server: Server = createServer(
    { key: serverCert.private, cert: serverCert.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answer = (httpStatus: number, body?: Record<string, unknown>) =>
          setTimeout(() => {
            response.writeHead(httpStatus, { 'content-type': 'application/json', 'x-admin-protocol': ADMIN_PROTOCOL });
            response.end(body ? JSON.stringify(body) : undefined);
          }, faults.latencyMs);
        const deviceAction = deviceActions[request.url ?? ''];
        if (request.method === 'POST' && deviceAction) {
          return void playDevice(deviceAction, Buffer.concat(chunks).toString('utf8')).then(
            (played) => ('status' in played ? answer(played.status) : answer(200, { ...played })),
            () => answer(502),
          );
        }
        const operation = operations[request.url ?? ''];
        if (request.method !== 'POST' || !operation) return answer(404);
        if (!ADMIN_PROTOCOL_PATTERN.test(String(request.headers['x-admin-protocol'] ?? ''))) return answer(400);
        if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return answer(415);
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return answer(400);
        }
        calls.push({ path: request.url ?? '', headers: request.headers, body });
        const parsed = v.safeParse(requestSchemas[operation], body);
        if (!parsed.success) return answer(200, failed('1.1.1', '2.1', 'Invalid request'));
        if (parsed.output.header.functionRequesterIdentifier !== functionRequesterIdentifier)
          return answer(200, failed('8.2.1', '1.2', 'Not allowed'));
        if (take(faults.serverErrors, operation)) return answer(500);
        const refusal = take(faults.refusals, operation);
        if (refusal) return answer(200, status(refusal.status, refusal.subjectCode, refusal.reasonCode, 'Simulated refusal'));
        const callId = `${operation}:${parsed.output.header.functionCallIdentifier}`;
        const result = answered.get(callId) ?? (run[operation] as (b: unknown) => Record<string, unknown>)(parsed.output);
        answered.set(callId, result);
        if (take(faults.lostAnswers, operation)) return void request.socket.destroy();
        answer(200, result);
      });
    },
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const notifierAgent = new Agent({ cert: notifier.cert, key: notifier.private, ca: ca.cert, minVersion: 'TLSv1.2' });
  let notifications = 0;
  const simulator: SmdpSimulator = {
    url: `https://127.0.0.1:${port}`,
    smdpAddress,
    functionRequesterIdentifier,
    clientCredentials: { certificate: client.cert, privateKey: client.private, caBundle: ca.cert },
    operatorServerCredentials: { key: operatorServer.private, cert: operatorServer.cert, ca: ca.cert },
    notifierFingerprint: createHash('sha256').update(new X509Certificate(notifier.cert).raw).digest('hex'),
    notificationUrl: undefined,
    notified: [],
    notify(input) {
      const target = simulator.notificationUrl;
      if (!target) return Promise.reject(new Error('The simulator has no notification URL yet'));
      notifications += 1;
      simulator.notified.push(input);
      const profile = profiles.get(input.iccid);
      const body = JSON.stringify({
        header: { functionRequesterIdentifier: 'smdp-simulator', functionCallIdentifier: input.functionCallIdentifier ?? `notify-${notifications}` },
        iccid: input.iccid,
        profileType: profile?.profileType ?? 'TRAVEL-UNIVERSAL',
        timestamp: input.timestamp ?? new Date().toISOString(),
        notificationPointId: input.notificationPointId,
        notificationPointStatus: { status: input.status, ...(input.statusCodeData ? { statusCodeData: input.statusCodeData } : {}) },
      });
      return new Promise((resolve, reject) => {
        const call = httpsRequest(
          target,
          { method: 'POST', agent: notifierAgent, headers: { 'content-type': 'application/json', 'x-admin-protocol': ADMIN_PROTOCOL } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          },
        );
        call.on('error', reject);
        call.end(body);
      });
    },
    calls,
    faults,
    profiles,
    reset() {
      calls.length = 0;
      simulator.notified.length = 0;
      profiles.clear();
      answered.clear();
      Object.assign(faults, { latencyMs: 0, serverErrors: [], refusals: [], lostAnswers: [] });
    },
    stop: () =>
      new Promise<void>((done) => {
        notifierAgent.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  return simulator;
};
