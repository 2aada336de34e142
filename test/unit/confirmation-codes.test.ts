// Confirmation codes (decisions F140–F143): the ES2+ adapter sends one in confirmOrder when the partner asks for it,
// the activation code then ends in `$$1`, a retried order sends the same code, nothing is written in clear, and the
// instructions show the code as a step.
import { randomBytes } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { confirmationCodeContext, CONFIRMATION_CODE, newConfirmationCode } from '#shared/domain/install/confirmation-code';
import { buildInstructions } from '#shared/domain/install/instructions';
import { renderInstructionsHtml } from '#shared/domain/install/html';
import { newTraveler } from '#shared/domain/traveler';
import { Es2PlusRefusal, type Es2PlusClient } from '#shared/providers/es2plus/client';
import { es2PlusConnectivity } from '#shared/providers/es2plus/es2plus-connectivity';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import { dynamoTravelerStore } from '#shared/storage/traveler-store';
import { ensureUniversalEsim } from '#shared/usecases/travelers';
import { ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';
import { makePackagePlan } from '#test/support/factories';
import { makePartnerProfile, memoryProviderOrderJournal } from '#test/support/fakes';

const T0 = new Date('2026-06-01T00:00:00.000Z');
const ICCID = '8988247000000000017';

/** An SM-DP+ in memory: records each call's body; `loseNextConfirm` runs confirmOrder, then loses its answer. */
const fakeSmdp = () => {
  const calls: Array<{ operation: string; id: string; body: Record<string, unknown> }> = [];
  const state = { loseNextConfirm: false };
  const ok = { header: { functionExecutionStatus: { status: 'Executed-Success' as const } } };
  const client: Es2PlusClient = {
    downloadOrder: async (id, body) => (calls.push({ operation: 'downloadOrder', id, body }), { ...ok, iccid: ICCID }),
    confirmOrder: async (id, body) => {
      calls.push({ operation: 'confirmOrder', id, body });
      if (state.loseNextConfirm) {
        state.loseNextConfirm = false;
        throw new ProviderUnavailableError({ kind: 'unreachable', provider: 'es2plus', operation: 'confirmOrder', detail: 'lost' });
      }
      return { ...ok, matchingId: 'MATCH-1', smdpAddress: 'smdp.example.com' };
    },
    cancelOrder: async (id, body) => (calls.push({ operation: 'cancelOrder', id, body }), ok),
    releaseProfile: async () => ok,
  };
  return { client, calls, state };
};

const setup = () => {
  const smdp = fakeSmdp();
  const { journal, orders } = memoryProviderOrderJournal();
  const cipher = localSecretCipher(randomBytes(32).toString('base64'));
  let made = 0;
  const provider = es2PlusConnectivity({
    client: smdp.client,
    journal,
    clock: { now: () => T0 },
    settings: { smdpAddress: 'smdp.example.com', profileTypes: { universal: 'UNIVERSAL' }, homeNetwork: '00101' },
    cipher: async () => cipher,
    // Each call makes a new code: only the journal can make a retry send the first one again.
    newCode: () => String(10_000_000 + ++made),
  });
  const allocate = (confirmationCode: boolean) =>
    provider.allocateEsim({
      partnerId: 'p1',
      idempotencyKey: 'p1:universal:promo:a',
      destination: null,
      firstPackage: makePackagePlan(),
      firstPackageReference: 'promo:a:FRA:1GB:365d',
      confirmationCode,
    });
  const confirmBodies = () => smdp.calls.filter((c) => c.operation === 'confirmOrder').map((c) => c.body);
  return { smdp, orders, cipher, provider, allocate, confirmBodies };
};

describe('Confirmation codes', () => {
  describe('Provider: ES2+ confirmOrder', () => {
    it('sends the code as confirmationCode beside releaseFlag, and the activation code ends in $$1', async () => {
      // Prepare
      const { allocate, confirmBodies, cipher } = setup();

      // Act
      const profile = await allocate(true);

      // Assess
      expect(confirmBodies()).toEqual([{ iccid: ICCID, releaseFlag: true, confirmationCode: '10000001' }]);
      expect(profile.activation_code).toBe('LPA:1$smdp.example.com$MATCH-1$$1');
      expect(profile.confirmation_code_ciphertext).not.toContain('10000001');
      expect(await cipher.decrypt(profile.confirmation_code_ciphertext as string, confirmationCodeContext('p1', ICCID))).toBe('10000001');
    });

    it('sends no confirmationCode and builds no $1 flag when the partner does not ask for one', async () => {
      const { allocate, confirmBodies } = setup();

      const profile = await allocate(false);

      expect(confirmBodies()).toEqual([{ iccid: ICCID, releaseFlag: true }]);
      expect(profile.activation_code).toBe('LPA:1$smdp.example.com$MATCH-1');
      expect(profile.confirmation_code_ciphertext).toBeNull();
    });

    it('repeats a confirmOrder whose answer was lost with the same call id and the same code, from the journal', async () => {
      // Prepare
      const { smdp, orders, allocate, confirmBodies } = setup();
      smdp.state.loseNextConfirm = true;

      // Act
      await expect(allocate(true)).rejects.toBeInstanceOf(ProviderUnavailableError);
      const journalled = [...orders.values()][0];
      const profile = await allocate(true);

      // Assess
      const confirms = smdp.calls.filter((c) => c.operation === 'confirmOrder');
      expect(confirms).toHaveLength(2);
      expect(confirms[1]!.id).toBe(confirms[0]!.id);
      expect(confirmBodies().map((b) => b.confirmationCode)).toEqual(['10000001', '10000001']);
      expect(journalled?.confirmation_code_ciphertext).toEqual(profile.confirmation_code_ciphertext);
      expect(JSON.stringify([...orders.values()])).not.toContain('10000001');
    });

    it('gives a fresh order after a refused confirmOrder a new code of its own', async () => {
      const { smdp, allocate } = setup();
      const refuse = smdp.client.confirmOrder;
      smdp.client.confirmOrder = async () => {
        smdp.client.confirmOrder = refuse;
        throw new Es2PlusRefusal('confirmOrder', { subjectCode: '8.2.1', reasonCode: '3.9' });
      };

      await expect(allocate(true)).rejects.toBeInstanceOf(Es2PlusRefusal);
      const profile = await allocate(true);

      expect(smdp.calls.map((c) => c.operation)).toEqual(['downloadOrder', 'cancelOrder', 'downloadOrder', 'confirmOrder']);
      expect(profile.activation_code.endsWith('$$1')).toBe(true);
      expect(smdp.calls[3]!.body.confirmationCode).toBe('10000002');
    });
  });

  it('stores the redeemed eSIM with the code encrypted: nothing the traveler store writes holds it in clear', async () => {
    // Prepare
    const { provider, cipher } = setup();
    const written: unknown[] = [];
    const client = { send: async (command: { input: unknown }) => (written.push(command.input), {}) } as unknown as DynamoDBDocumentClient;
    const store = dynamoTravelerStore(client, 'table');
    const partners = { getProfile: async () => makePartnerProfile({ partner_id: 'p1', confirmation_code: true }) };
    const traveler = newTraveler({ partnerId: 'p1', externalUserId: 'alice', email: null, now: T0 });

    // Act
    const { traveler: after, esim } = await ensureUniversalEsim(
      { connectivity: provider, partners },
      traveler,
      { bookingId: null, orderReference: 'promo:a', firstPackage: makePackagePlan(), orderedFor: undefined },
      T0,
    );
    await store.commit({ travelers: [{ before: undefined, after }] });

    // Assess
    expect(esim.activation_code).toBe('LPA:1$smdp.example.com$MATCH-1$$1');
    expect(await cipher.decrypt(esim.confirmation_code_ciphertext as string, confirmationCodeContext('p1', ICCID))).toBe('10000001');
    const stored = JSON.stringify(written);
    expect(stored).toContain(esim.confirmation_code_ciphertext as string);
    expect(stored).not.toContain('10000001');
  });

  it('makes 8-digit codes from the random source', () => {
    const codes = new Set(Array.from({ length: 50 }, newConfirmationCode));

    expect([...codes].every((code) => CONFIRMATION_CODE.test(code))).toBe(true);
    expect(codes.size).toBeGreaterThan(45);
  });

  describe('Instructions', () => {
    const input = {
      iccid: ICCID,
      esimStatus: 'provisioned',
      device: { name: 'Pixel 8', os: 'Android', osVersion: '14' },
      locale: 'en',
      branding: { name: 'Acme', colors: null, logo_url: null },
    };

    it('show the code as a step before turning the eSIM on, in json and html, when the activation code asks for one', async () => {
      const doc = await buildInstructions({ ...input, activationCode: 'LPA:1$smdp.example.com$MATCH-1$$1', confirmationCode: '12345678' });

      expect(doc.steps.map((s) => s.id)).toEqual(['one_tap', 'qr_code', 'manual', 'confirmation_code', 'turn_on']);
      expect(doc.steps[3]!.body).toContain('enter 12345678');
      expect(doc.activation).toMatchObject({ confirmation_code_required: true, confirmation_code: '12345678' });
      expect(renderInstructionsHtml(doc)).toContain('<li id="step-confirmation_code">');
    });

    it('show no such step without the $1 flag, nor once the eSIM is installed', async () => {
      const plain = await buildInstructions({ ...input, activationCode: 'LPA:1$smdp.example.com$MATCH-1', confirmationCode: null });
      const installed = await buildInstructions({
        ...input,
        esimStatus: 'installed',
        activationCode: 'LPA:1$smdp.example.com$MATCH-1$$1',
        confirmationCode: '12345678',
      });

      expect(plain.steps.map((s) => s.id)).not.toContain('confirmation_code');
      expect(plain.activation.confirmation_code).toBeNull();
      expect(installed.steps.map((s) => s.id)).not.toContain('confirmation_code');
      expect(JSON.stringify(installed)).not.toContain('12345678');
    });
  });
});
