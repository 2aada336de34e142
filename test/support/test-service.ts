// test support → the local runtime on a free port with its own table, plus partners to call it with.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalRuntime, type LocalRuntime } from '#bin/local/runtime';
import { type ConnectivityKind, isConnectivityKind } from '#shared/config';
import { createPartner, updatePartnerProfile, type PartnerView } from '#shared/usecases/manage-partners';
import type { PartnerProfile } from '#shared/domain/partner';
import { signedClient, type SignedClient } from '#test/support/signed-client';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface TestService {
  runtime: LocalRuntime;
  url: string;
  dataDir: string;
  newPartner(change?: (profile: PartnerProfile) => PartnerProfile): Promise<{ partner: PartnerView; client: ReturnType<typeof signedClient> }>;
  stop(): Promise<void>;
}

const providerFromEnvironment = (): ConnectivityKind | undefined => {
  const value = process.env.PROVIDER;
  if (value === undefined) return undefined;
  if (!isConnectivityKind(value)) throw new Error(`PROVIDER must be simulated, es2plus or esimgo, got "${value}"`);
  return value;
};

/** `catalog: true` seeds shared/data/catalog/catalog.v1.json as `npm start` does; other tests skip its ~300 writes. */
export const startTestService = async (
  environment: Record<string, string> = {},
  options: { catalog?: boolean; provider?: ConnectivityKind } = {},
): Promise<TestService> => {
  // Each test file gets its own folder: jest runs files in parallel workers.
  const dataDir = resolve(projectRoot, '.local/test', randomUUID());
  const runtime = await startLocalRuntime({
    projectRoot,
    port: 0,
    dataDir,
    inMemory: true,
    tableName: `test-${randomUUID()}`,
    catalogFile: options.catalog ? undefined : null,
    // `PROVIDER=esimgo` (or `simulated`) runs a whole test file against that provider; a file may insist on one.
    provider: options.provider ?? providerFromEnvironment(),
    environment,
  });
  return {
    runtime,
    url: runtime.url,
    async newPartner(change) {
      const partner = await createPartner({ name: `Partner ${randomUUID().slice(0, 8)}` }, runtime.admin);
      if (change) await updatePartnerProfile(partner.partner_id, change, runtime.admin);
      return { partner, client: signedClient(runtime.url, partner) };
    },
    dataDir,
    async stop() {
      await runtime.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** A started service with a first partner (`client`, `partner`, `partnerId`) and another one (`otherClient`). */
export interface ServiceWithPartners extends TestService {
  client: SignedClient;
  partner: PartnerView;
  partnerId: string;
  otherClient: SignedClient;
}

/**
 * The opening most integration files share: starts the service with two partners before the file's tests and
 * stops it after them. Its fields are filled in by the time the tests (and later beforeAll hooks) run.
 */
export const useTestService = (
  options: { environment?: Record<string, string>; catalog?: boolean; partner?: (profile: PartnerProfile) => PartnerProfile } = {},
): ServiceWithPartners => {
  const fixture = {} as ServiceWithPartners;
  beforeAll(async () => {
    // Kept before anything else can throw, so afterAll stops the service whatever fails next.
    Object.assign(fixture, await startTestService(options.environment, { catalog: options.catalog }));
    const first = await fixture.newPartner(options.partner);
    const other = await fixture.newPartner();
    Object.assign(fixture, { client: first.client, partner: first.partner, partnerId: first.partner.partner_id, otherClient: other.client });
  });
  afterAll(() => fixture.stop?.());
  return fixture;
};
