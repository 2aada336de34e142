// composition → which connectivity and payment providers a stage uses: `CONNECTIVITY` picks the connectivity
// adapter (lib/stage.ts sets it per stage, `PROVIDER` for `npm start`); its secret is read on first use, so a
// function that never provisions never reads it. Production has no payment provider yet (503).
import { readFileSync } from 'node:fs';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { wallClock } from '#shared/clock';
import * as config from '#shared/config';
import type { ConnectivityKind } from '#shared/config';
import { AppError } from '#shared/errors';
import { secretCipherOnFirstUse } from '#shared/composition/secret-cipher-on-first-use';
import { recordProviderCall } from '#shared/observability';
import { es2PlusClient } from '#shared/providers/es2plus/client';
import { es2PlusConnectivity } from '#shared/providers/es2plus/es2plus-connectivity';
import { type Es2PlusSecret, parseEs2PlusSecret } from '#shared/providers/es2plus/es2plus-secret';
import { es2PlusSimulatedDevice } from '#shared/providers/es2plus/simulated-device';
import { mutualTlsTransport } from '#shared/providers/es2plus/transport';
import { esimGoClient } from '#shared/providers/esimgo/client';
import { esimGoConnectivity } from '#shared/providers/esimgo/esimgo-connectivity';
import { bundleNameFor } from '#shared/providers/esimgo/bundle-names';
import { type EsimGoSecret, parseEsimGoSecret } from '#shared/providers/esimgo/esimgo-secret';
import { simulatedConnectivity } from '#shared/providers/simulated-connectivity';
import { simulatedPayments } from '#shared/providers/simulated-payments';
import type { TravelerPackage } from '#shared/domain/traveler';
import type { ConnectivityProvider, PaymentProvider, SimulatedDevice } from '#shared/usecases/ports/lifecycle';
import type { ProviderOrderJournal, ProviderOrderReconciler } from '#shared/usecases/ports/provider-orders';
import type { Clock } from '#shared/usecases/ports/services';
import { ttlValue } from '#shared/storage/ttl-cache';

/** Every ES2+ call gives up after this long: a redemption then answers 503 and the order resumes on retry. */
const ES2PLUS_TIMEOUT_MS = 5000;
/** Every eSIM Go call gives up after this long; idempotent calls are tried twice more, a transaction never. */
const ESIMGO_TIMEOUT_MS = 5000;

const unavailable = () => new AppError(503, 'provider_unavailable', 'eSIM provisioning is not available in this environment yet. Contact support.');

const noPayments: PaymentProvider = { charge: async () => Promise.reject(unavailable()) };

/** The provider secret: a local file written by the runtime for its simulator, else Secrets Manager. */
/** Made on the first read: a function that never reads the provider secret builds no client. */
let secretsClient: SecretsManagerClient | undefined;

const readProviderSecret = async (): Promise<string> => {
  const file = config.localProviderSecretFile();
  if (file) return readFileSync(file, 'utf8');
  const secretId = config.providerSecretId();
  if (!secretId) throw new Error('PROVIDER_SECRET_ID is not set: the stage has no provider secret bound');
  secretsClient ??= new SecretsManagerClient({});
  const answer = await secretsClient.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!answer.SecretString) throw new Error('The provider secret has no string value');
  return answer.SecretString;
};

type Connectivity = ConnectivityProvider & Partial<ProviderOrderReconciler>;

const es2PlusTransport = (secret: Es2PlusSecret) =>
  mutualTlsTransport({
    baseUrl: secret.endpoint,
    credentials: { certificate: secret.certificate, privateKey: secret.privateKey, caBundle: secret.caBundle },
    timeoutMs: ES2PLUS_TIMEOUT_MS,
  });

const es2Plus = async (journal: ProviderOrderJournal, clock: Clock): Promise<Connectivity> => {
  const secret = parseEs2PlusSecret(await readProviderSecret());
  const transport = es2PlusTransport(secret);
  const client = es2PlusClient({ transport, functionRequesterIdentifier: secret.functionRequesterIdentifier, observe: recordProviderCall });
  // The secret cipher is built on the first order that needs a confirmation code (decision F143).
  return es2PlusConnectivity({ client, journal, clock, settings: secret, cipher: secretCipherOnFirstUse });
};

const esimGo = async (journal: ProviderOrderJournal, clock: Clock): Promise<Connectivity> => {
  const secret = parseEsimGoSecret(await readProviderSecret());
  const client = esimGoClient({ baseUrl: secret.endpoint, apiKey: secret.apiKey, timeoutMs: ESIMGO_TIMEOUT_MS, observe: recordProviderCall });
  return esimGoConnectivity({ client, journal, clock, settings: { bundles: secret.bundles, homeNetwork: secret.homeNetwork } });
};

/** Defers building an adapter (reading its secret) to its first call, once per function instance. */
const onFirstUse = (build: () => Promise<Connectivity>): ConnectivityProvider & ProviderOrderReconciler => {
  let built: Promise<Connectivity> | undefined;
  const adapter = () =>
    (built ??= build().catch((error: unknown) => {
      built = undefined;
      throw error;
    }));
  return {
    allocateEsim: async (input) => (await adapter()).allocateEsim(input),
    addPackage: async (input) => (await adapter()).addPackage(input),
    readUsage: async (input) => (await adapter()).readUsage(input),
    networkFor: async (destination) => (await adapter()).networkFor(destination),
    reconcile: async (order, attached) => {
      const loaded = await adapter();
      if (!loaded.reconcile) throw new Error(`The ${order.provider} orders cannot be reconciled by this stage's provider`);
      return loaded.reconcile(order, attached);
    },
  };
};

export const providersFor = (input: {
  stage: string;
  connectivity: ConnectivityKind;
  journal: ProviderOrderJournal;
  clock: Clock;
}): { connectivity: ConnectivityProvider & Partial<ProviderOrderReconciler>; payments: PaymentProvider } => {
  const payments = input.stage === 'production' ? noPayments : simulatedPayments();
  // A Lambda bundle is built for its stage's connectivity: lib/bundling.ts replaces process.env.BUNDLED_CONNECTIVITY
  // with it, each test below folds to a constant, and esbuild leaves out the adapters (and the Secrets Manager client)
  // the stage never runs. Unbundled (local runtime, tests) the variable is unset and every adapter stays.
  if ((process.env.BUNDLED_CONNECTIVITY ?? input.connectivity) !== input.connectivity) {
    throw new Error(
      `This function was bundled for connectivity "${process.env.BUNDLED_CONNECTIVITY}", not "${input.connectivity}": redeploy the stage`,
    );
  }
  if ((process.env.BUNDLED_CONNECTIVITY ?? 'es2plus') === 'es2plus' && input.connectivity === 'es2plus') {
    return { connectivity: onFirstUse(() => es2Plus(input.journal, input.clock)), payments };
  }
  if ((process.env.BUNDLED_CONNECTIVITY ?? 'esimgo') === 'esimgo' && input.connectivity === 'esimgo') {
    return { connectivity: onFirstUse(() => esimGo(input.journal, input.clock)), payments };
  }
  if ((process.env.BUNDLED_CONNECTIVITY ?? 'simulated') === 'simulated' && input.connectivity === 'simulated') {
    return { connectivity: simulatedConnectivity(), payments };
  }
  throw new Error(`No connectivity provider "${input.connectivity}"`);
};

/** The local runtime's SM-DP+ simulator plays the device when the stage provisions through it; else no device. */
const localDevice = (): SimulatedDevice => {
  let device: Promise<SimulatedDevice | undefined> | undefined;
  const build = async () =>
    config.connectivity() === 'es2plus' && config.localProviderSecretFile()
      ? es2PlusSimulatedDevice(es2PlusTransport(parseEs2PlusSecret(await readProviderSecret())))
      : undefined;
  const loaded = async () => {
    device ??= build().catch((error: unknown) => {
      device = undefined;
      throw error;
    });
    return device;
  };
  return {
    install: async (input) => (await loaded())?.install(input) ?? 'not_issued',
    remove: async (input) => (await loaded())?.remove(input) ?? 'not_issued',
  };
};

/**
 * The device the sandbox's install and removal steps ask (issue 16: the change then arrives as the SM-DP+'s
 * notification). A Lambda bundle folds this to undefined and holds none of it: a deployed stage's SM-DP+ is real.
 */
export const sandboxDevice: SimulatedDevice | undefined = process.env.BUNDLED_FOR_LAMBDA ? undefined : localDevice();

/** How long an instance trusts its copy of the allow-list: a fingerprint removed from the secret is refused within it. */
export const ALLOW_LIST_TTL_MS = 5 * 60_000;

/**
 * SHA-256 fingerprints of the SM-DP+ notification certificates, from the provider secret, read again every 5 minutes:
 * a revoked notifier certificate must stop working without waiting for warm instances to be recycled (decision F83).
 */
export const notificationAllowList: () => Promise<readonly string[]> = /* @__PURE__ */ ttlValue(
  async () => parseEs2PlusSecret(await readProviderSecret()).notificationCertificateFingerprints,
  { ttlMs: ALLOW_LIST_TTL_MS, clock: wallClock },
);

let esimGoSecret: Promise<EsimGoSecret> | undefined;

/** The eSIM Go secret, read once per instance: its API key verifies callbacks, its bundle naming maps packages. */
const esimGoSettings = (): Promise<EsimGoSecret> =>
  (esimGoSecret ??= readProviderSecret()
    .then(parseEsimGoSecret)
    .catch((error: unknown) => {
      esimGoSecret = undefined;
      throw error;
    }));

export const esimGoCallbackKey = async (): Promise<string> => (await esimGoSettings()).apiKey;

/** Which eSIM Go bundle one of our packages is, by the stage's bundle naming. */
export const esimGoBundleOf = async (): Promise<(pkg: TravelerPackage) => string | undefined> => {
  const { bundles } = await esimGoSettings();
  return (pkg) =>
    bundleNameFor(bundles, { size: pkg.size_bytes === null ? null : pkg.size, durationDays: pkg.duration_days, destination: pkg.destination });
};
