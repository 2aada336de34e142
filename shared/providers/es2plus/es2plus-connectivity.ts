// provider adapter → the connectivity port over ES2+: a universal eSIM is downloadOrder (profile type) →
// confirmOrder (releaseFlag true, and a confirmation code when the partner asks for one) → the SGP.22 activation code. Each step is written to the order journal first,
// so a retried redemption resumes its own order (same functionCallIdentifiers) and never orders a second profile.
import { createHash } from 'node:crypto';
import { buildActivationCode } from '#shared/domain/install/activation-code';
import { confirmationCodeContext, newConfirmationCode } from '#shared/domain/install/confirmation-code';
import { ES2PLUS_PROVIDER, Es2PlusRefusal, type Es2PlusClient } from '#shared/providers/es2plus/client';
import { journalledOrder } from '#shared/providers/journalled-order';
import { ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';
import type { ConnectivityProvider, EsimProfile } from '#shared/usecases/ports/lifecycle';
import type { ProviderOrder, ProviderOrderJournal, ProviderOrderReconciler } from '#shared/usecases/ports/provider-orders';
import type { SecretCipher } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';

export interface Es2PlusSettings {
  /** The SM-DP+ FQDN devices download from, when confirmOrder names none (SGP.22 table 26). */
  smdpAddress: string;
  /** Profile type per eSIM: `universal`; a destination's code for its classic eSIM, else `classic` for any destination. */
  profileTypes: Record<string, string>;
  /** MCC+MNC of the profiles this SM-DP+ issues (classic grants match on it). */
  homeNetwork: string;
}

/** How long an order may stay unfinished or unattached before the reconciliation sweep looks at it. */
export const RECONCILE_AFTER_MS = 15 * 60 * 1000;

/** Stable per order attempt and function, so a retried call is recognisable as the same call at the SM-DP+. */
export const functionCallIdentifier = (order: Pick<ProviderOrder, 'partner_id' | 'reference' | 'attempt'>, operation: string): string =>
  `${createHash('sha256').update(`${order.partner_id}\u0000${order.reference}`).digest('hex').slice(0, 32)}-${order.attempt}-${operation}`;

const unsupported = (operation: string, detail: string) =>
  new ProviderUnavailableError({ kind: 'refused', provider: ES2PLUS_PROVIDER, operation, detail });

export const es2PlusConnectivity = (deps: {
  client: Es2PlusClient;
  journal: ProviderOrderJournal;
  clock: Clock;
  settings: Es2PlusSettings;
  /** Encrypts confirmation codes; asked for only when an order needs one (most functions never load it). */
  cipher: () => Promise<SecretCipher>;
  /** A fresh confirmation code; tests pass a fixed one. */
  newCode?: () => string;
}): ConnectivityProvider & ProviderOrderReconciler => {
  const { client, journal, clock, settings } = deps;
  const newCode = deps.newCode ?? newConfirmationCode;

  const save = async (order: ProviderOrder, changes: Partial<ProviderOrder>): Promise<ProviderOrder> => {
    const now = clock.now();
    const next = { ...order, ...changes, updated_at: now.toISOString() };
    await journal.save(next);
    return next;
  };
  const reconcileAt = () => new Date(clock.now().getTime() + RECONCILE_AFTER_MS).toISOString();

  const freshOrder = (partnerId: string, reference: string, attempt: number, profileType: string, confirmationCode: boolean): ProviderOrder => {
    const now = clock.now().toISOString();
    return {
      partner_id: partnerId,
      reference,
      provider: ES2PLUS_PROVIDER,
      attempt,
      profile_type: profileType,
      state: 'ordering',
      iccid: null,
      matching_id: null,
      smdp_address: null,
      confirmation_code_required: confirmationCode,
      confirmation_code_ciphertext: null,
      created_at: now,
      updated_at: now,
      reconcile_at: null,
    };
  };

  /** ES2+ profiles carry no package: whichever package asked for the eSIM has nothing more to order here. */
  const profileOf = (order: ProviderOrder, packageReference: string): EsimProfile => {
    const smdpAddress = order.smdp_address ?? settings.smdpAddress;
    const matchingId = order.matching_id as string;
    return {
      iccid: order.iccid as string,
      imsi: null,
      smdp_address: smdpAddress,
      matching_id: matchingId,
      activation_code: buildActivationCode({ smdpAddress, matchingId, confirmationCodeRequired: order.confirmation_code_required }),
      confirmation_code_ciphertext: order.confirmation_code_required ? (order.confirmation_code_ciphertext ?? null) : null,
      ordered_with: packageReference,
    };
  };

  /** downloadOrder; a repeated call (same functionCallIdentifier) after a lost answer names the same profile. */
  const download = async (order: ProviderOrder): Promise<ProviderOrder> => {
    const started = await save(order, { state: 'ordering', reconcile_at: reconcileAt() });
    const answer = await client.downloadOrder(functionCallIdentifier(started, 'downloadOrder'), { profileType: started.profile_type });
    return save(started, { state: 'ordered', iccid: answer.iccid });
  };

  /**
   * The order's confirmation code: made once per profile and journalled (encrypted) before confirmOrder is sent,
   * so a repeated confirmOrder, after a lost answer, carries the same code.
   */
  const confirmationCodeOf = async (order: ProviderOrder): Promise<{ order: ProviderOrder; code: string }> => {
    const cipher = await deps.cipher();
    const context = confirmationCodeContext(order.partner_id, order.iccid as string);
    if (order.confirmation_code_ciphertext) return { order, code: await cipher.decrypt(order.confirmation_code_ciphertext, context) };
    const code = newCode();
    const saved = await save(order, { confirmation_code_ciphertext: await cipher.encrypt(code, context) });
    return { order: saved, code };
  };

  /** A refused confirmOrder leaves a reserved profile behind: cancel it back to the inventory. */
  const confirm = async (ordered: ProviderOrder): Promise<ProviderOrder> => {
    const iccid = ordered.iccid as string;
    const { order, code } = ordered.confirmation_code_required ? await confirmationCodeOf(ordered) : { order: ordered, code: undefined };
    try {
      const answer = await client.confirmOrder(functionCallIdentifier(order, 'confirmOrder'), {
        iccid,
        releaseFlag: true,
        ...(code === undefined ? {} : { confirmationCode: code }),
      });
      return await save(order, {
        state: 'confirmed',
        matching_id: answer.matchingId,
        smdp_address: answer.smdpAddress ?? settings.smdpAddress,
        reconcile_at: reconcileAt(),
      });
    } catch (error) {
      if (error instanceof Es2PlusRefusal) await cancel(order);
      throw error;
    }
  };

  const cancel = async (order: ProviderOrder): Promise<ProviderOrder> => {
    if (order.iccid) {
      await client.cancelOrder(functionCallIdentifier(order, 'cancelOrder'), {
        iccid: order.iccid,
        ...(order.matching_id ? { matchingId: order.matching_id } : {}),
        finalProfileStatusIndicator: 'Available',
      });
    }
    return save(order, { state: 'cancelled', reconcile_at: null });
  };

  return {
    async allocateEsim({ partnerId, idempotencyKey, formerIdempotencyKey, destination, confirmationCode, firstPackageReference }) {
      const profileType = destination ? (settings.profileTypes[destination] ?? settings.profileTypes.classic) : settings.profileTypes.universal;
      if (!profileType) throw unsupported('downloadOrder', `No profile type is configured for ${destination ?? 'the universal eSIM'}`);
      const known = await journalledOrder(journal, partnerId, idempotencyKey, formerIdempotencyKey, (order) => order.profile_type === profileType);
      let order =
        !known || known.state === 'cancelled'
          ? freshOrder(partnerId, idempotencyKey, (known?.attempt ?? 0) + 1, profileType, confirmationCode)
          : known;
      if (order.state === 'ordering') order = await download(order);
      if (order.state === 'ordered') order = await confirm(order);
      return profileOf(order, firstPackageReference);
    },

    // ES2+ orders profiles only; data packages live in the operator's network, which reports their use as facts.
    async addPackage() {},

    async readUsage() {
      throw unsupported('readUsage', 'ES2+ has no usage query; the network reports usage as facts');
    },

    networkFor: async () => settings.homeNetwork,

    async reconcile(order, attached) {
      if (order.state === 'cancelled') return save(order, { reconcile_at: null });
      if (order.state === 'confirmed' && attached) return save(order, { reconcile_at: null });
      if (order.state === 'ordering') {
        // The answer to downloadOrder was lost: repeat the same call to learn which profile it reserved.
        const learned = await client.downloadOrder(functionCallIdentifier(order, 'downloadOrder'), { profileType: order.profile_type });
        return cancel({ ...order, iccid: learned.iccid });
      }
      return cancel(order);
    },
  };
};
