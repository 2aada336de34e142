// provider adapter → the connectivity port over ES2+: a universal eSIM is downloadOrder (profile type) →
// confirmOrder (releaseFlag true, and a confirmation code when the partner asks for one) → the SGP.22 activation code. Each step is written to the order journal first,
// so a retried redemption resumes its own order (same functionCallIdentifiers) and never orders a second profile.
import { createHash } from 'node:crypto';
import { buildActivationCode } from '#shared/domain/install/activation-code';
import { confirmationCodeContext, newConfirmationCode } from '#shared/domain/install/confirmation-code';
import { ES2PLUS_PROVIDER, Es2PlusRefusal, type Es2PlusClient } from '#shared/providers/es2plus/client';
import { awaitOrder, journalledOrder } from '#shared/providers/journalled-order';
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

/**
 * How long a request that journals an order before its next SM-DP+ call holds it (`in_flight_until`): each call gives
 * up after 5 s (shared/composition/providers.ts). Shorter than the 503's Retry-After, which a partner's retry follows.
 */
export const ES2PLUS_IN_FLIGHT_MS = 15 * 1000;

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
  /** Waits between looks at an order another request is placing (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
}): ConnectivityProvider & ProviderOrderReconciler => {
  const { client, journal, clock, settings } = deps;
  const newCode = deps.newCode ?? newConfirmationCode;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

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
      in_flight_until: null,
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

  /** The order as held by the request about to send its next call (decision F168): others wait for its outcome. */
  const held = () => ({ in_flight_until: new Date(clock.now().getTime() + ES2PLUS_IN_FLIGHT_MS).toISOString() });
  const inFlight = (order: ProviderOrder) => !!order.in_flight_until && clock.now().getTime() < Date.parse(order.in_flight_until);
  /**
   * The journalled order, held for this request's next call; undefined when another request resuming it too took it
   * since it was read (then only that one sends the call, F168).
   */
  const take = async (order: ProviderOrder, changes: Partial<ProviderOrder> = {}): Promise<ProviderOrder | undefined> => {
    const next = { ...order, ...changes, ...held(), updated_at: clock.now().toISOString() };
    return (await journal.hold(next, order)) ? next : undefined;
  };
  /** A call without an answer: the order is left for a retry (the same call again), which need not wait for this one. */
  const release = async (order: ProviderOrder, error: unknown): Promise<never> => {
    await save(order, { in_flight_until: null });
    throw error;
  };

  /** downloadOrder of an order held as `ordering`; a repeated call (same functionCallIdentifier) after a lost answer names the same profile. */
  const download = async (started: ProviderOrder): Promise<ProviderOrder> => {
    const answer = await client
      .downloadOrder(functionCallIdentifier(started, 'downloadOrder'), { profileType: started.profile_type })
      .catch((error: unknown) => release(started, error));
    return save(started, { state: 'ordered', iccid: answer.iccid, ...held() });
  };

  const placedElsewhere = () =>
    new ProviderUnavailableError({
      kind: 'unreachable',
      provider: ES2PLUS_PROVIDER,
      operation: 'downloadOrder',
      detail: 'Another request is ordering this profile now; its outcome is not known yet',
    });

  /**
   * The order's confirmation code: made once per profile and journalled (encrypted) before confirmOrder is sent,
   * so a repeated confirmOrder, after a lost answer, carries the same code.
   */
  const confirmationCodeOf = async (order: ProviderOrder): Promise<{ order: ProviderOrder; code: string }> => {
    const cipher = await deps.cipher();
    const context = confirmationCodeContext(order.partner_id, order.iccid as string);
    if (order.confirmation_code_ciphertext) return { order, code: await cipher.decrypt(order.confirmation_code_ciphertext, context) };
    const code = newCode();
    const saved = await save(order, { confirmation_code_ciphertext: await cipher.encrypt(code, context), ...held() });
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
        in_flight_until: null,
      });
    } catch (error) {
      if (!(error instanceof Es2PlusRefusal)) return release(order, error);
      await cancel(order);
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
    return save(order, { state: 'cancelled', reconcile_at: null, in_flight_until: null });
  };

  return {
    async allocateEsim({ partnerId, idempotencyKey, formerIdempotencyKey, destination, confirmationCode, firstPackageReference }) {
      const profileType = destination ? (settings.profileTypes[destination] ?? settings.profileTypes.classic) : settings.profileTypes.universal;
      if (!profileType) throw unsupported('downloadOrder', `No profile type is configured for ${destination ?? 'the universal eSIM'}`);
      let known = await journalledOrder(journal, partnerId, idempotencyKey, formerIdempotencyKey, (order) => order.profile_type === profileType);
      // Every request for one traveler's new eSIM shares its order (F168). One request at a time sends its calls: two
      // at once would reserve a second profile at an SM-DP+ that does not recognise a repeated call, or confirm the
      // profile with two confirmation codes, one of them not the code the SM-DP+ took. The others wait, or answer 503.
      const released = (order: ProviderOrder) => !inFlight(order);
      if (known && inFlight(known)) known = await awaitOrder(journal, partnerId, known.reference, released, sleep);
      if (known && inFlight(known)) throw placedElsewhere();
      /** Another request began or took the order meanwhile: its outcome, once it has one. */
      const outcomeElsewhere = async () => {
        const settled = await awaitOrder(journal, partnerId, idempotencyKey, released, sleep);
        if (settled?.state !== 'confirmed') throw placedElsewhere();
        return profileOf(settled, firstPackageReference);
      };
      let order: ProviderOrder;
      if (!known || known.state === 'cancelled') {
        const attempt = (known?.attempt ?? 0) + 1;
        const fresh = { ...freshOrder(partnerId, idempotencyKey, attempt, profileType, confirmationCode), reconcile_at: reconcileAt(), ...held() };
        if (!(await journal.begin(fresh, known))) return outcomeElsewhere();
        order = await download(fresh);
      } else if (known.state === 'ordering') {
        // Resumed after a lost answer: of two requests resuming it at once, one sends the call again (F168).
        const taken = await take(known, { reconcile_at: reconcileAt() });
        if (!taken) return outcomeElsewhere();
        order = await download(taken);
      } else if (known.state === 'ordered') {
        // Not due for the sweep while held: it would cancel the profile this request is confirming.
        const taken = await take(known, { reconcile_at: reconcileAt() });
        if (!taken) return outcomeElsewhere();
        order = taken;
      } else {
        order = known;
      }
      if (order.state === 'ordered') order = await confirm(order);
      return profileOf(order, firstPackageReference);
    },

    // ES2+ orders profiles only; data packages live in the operator's network, which reports their use as facts.
    async addPackage() {},

    async readUsage() {
      throw unsupported('readUsage', 'ES2+ has no usage query; the network reports usage as facts');
    },

    networkFor: async () => settings.homeNetwork,

    async reconcile(found, attached) {
      // As the journal holds it now: the time index may still show it before a request resuming it took it (F168).
      const order = (await journal.get(found.partner_id, found.reference)) ?? found;
      // A request is sending its next call: its outcome decides; the sweep looks again once the order is due.
      if (inFlight(order)) return order;
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
