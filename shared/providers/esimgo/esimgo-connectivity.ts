// provider adapter → the connectivity port over eSIM Go v2.5: a new eSIM is the order of its first package's bundle
// (`type: validate`, then `type: transaction` with `assign: true`), its ICCID, matching id and SM-DP+ address from
// the answer or `GET /esims/assignments`; a later package is a bundle ordered onto the eSIM's ICCID. An order carries
// no reference of ours, so the journal records `ordering` before the transaction and an answer lost on the way is
// settled by finding the order in `GET /orders` (time and bundle, claimed once), never by a second transaction.
import { buildActivationCode } from '#shared/domain/install/activation-code';
import { type BundleNaming, bundleKey, bundleNameFor } from '#shared/providers/esimgo/bundle-names';
import { ESIMGO_PROVIDER, type EsimGoClient, EsimGoRefusal } from '#shared/providers/esimgo/client';
import { smdpFqdn, type TransactionAnswer } from '#shared/providers/esimgo/schemas';
import { awaitOrder, journalledOrder } from '#shared/providers/journalled-order';
import { ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';
import type { ConnectivityProvider, EsimProfile, PackagePlan } from '#shared/usecases/ports/lifecycle';
import type { ProviderOrder, ProviderOrderJournal, ProviderOrderReconciler } from '#shared/usecases/ports/provider-orders';
import type { Clock } from '#shared/usecases/ports/services';

export interface EsimGoSettings {
  bundles: BundleNaming;
  /** MCC+MNC of the profiles eSIM Go issues (classic grants match on it). */
  homeNetwork: string;
}

/**
 * After this long since a transaction was sent, an order `GET /orders` does not list was never placed: the journal
 * marks it cancelled and the next attempt orders afresh. Until then a retry answers 503 and the sweep looks again.
 */
export const ORDER_SETTLE_MS = 2 * 60 * 1000;
/** An `ordering` record younger than this is taken as a transaction still in flight (the client's time-out is 30 s). */
const IN_FLIGHT_MS = 30 * 1000;
/** How far before the transaction was sent an order may be dated (clocks differ). */
const CLOCK_SKEW_MS = 60 * 1000;

const refused = (operation: string, detail: string) =>
  new ProviderUnavailableError({ kind: 'refused', provider: ESIMGO_PROVIDER, operation, detail });
const protocol = (operation: string, detail: string) =>
  new ProviderUnavailableError({ kind: 'protocol', provider: ESIMGO_PROVIDER, operation, detail });

export const esimGoConnectivity = (deps: {
  client: EsimGoClient;
  journal: ProviderOrderJournal;
  clock: Clock;
  settings: EsimGoSettings;
  /** Waits between looks at an order another request is placing (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
}): ConnectivityProvider & ProviderOrderReconciler => {
  const { client, journal, clock, settings } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  const save = async (order: ProviderOrder, changes: Partial<ProviderOrder>): Promise<ProviderOrder> => {
    const next = { ...order, ...changes, updated_at: clock.now().toISOString() };
    await journal.save(next);
    return next;
  };
  const after = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

  const bundleFor = (plan: Pick<PackagePlan, 'size' | 'durationDays' | 'destination'>): string => {
    const name = bundleNameFor(settings.bundles, plan);
    if (!name) throw refused('placeOrder', `No eSIM Go bundle is configured for ${bundleKey(plan)}`);
    return name;
  };

  const freshOrder = (
    partnerId: string,
    reference: string,
    attempt: number,
    bundle: string,
    iccid: string | null,
    packageReference: string | null,
  ): ProviderOrder => {
    const now = clock.now().toISOString();
    return {
      partner_id: partnerId,
      reference,
      provider: ESIMGO_PROVIDER,
      attempt,
      profile_type: bundle,
      state: 'ordering',
      iccid,
      matching_id: null,
      smdp_address: null,
      provider_reference: null,
      ...(packageReference !== null && { package_reference: packageReference }),
      confirmation_code_required: false,
      created_at: now,
      updated_at: now,
      reconcile_at: null,
    };
  };

  /** A top-up order names its eSIM before it is placed; a new eSIM's order learns it from the answer. */
  const isTopUp = (order: ProviderOrder) => order.state === 'ordering' && order.iccid !== null;

  /** The placed order, from its answer: `confirmed` when the answer names the eSIM's install details. */
  const accept = async (order: ProviderOrder, answer: TransactionAnswer): Promise<ProviderOrder> => {
    const line = answer.order.find((l) => l.item === order.profile_type) ?? answer.order[0];
    const esim = line?.esims?.[0];
    const iccid = order.iccid ?? esim?.iccid ?? line?.iccids?.[0] ?? null;
    const known = { provider_reference: answer.orderReference, iccid };
    if (order.iccid !== null) return save(order, { ...known, state: 'confirmed', reconcile_at: null });
    if (esim) {
      return save(order, {
        ...known,
        state: 'confirmed',
        matching_id: esim.matchingId,
        smdp_address: smdpFqdn(esim.smdpAddress),
        reconcile_at: null,
      });
    }
    return save(order, { ...known, state: 'ordered', reconcile_at: after(ORDER_SETTLE_MS) });
  };

  /** `GET /esims/assignments?reference=<order reference>`: the new eSIM's install details. */
  const readAssignment = async (order: ProviderOrder): Promise<ProviderOrder> => {
    const assignments = await client.assignments(order.provider_reference as string);
    const assignment = assignments.find((a) => a.iccid === order.iccid) ?? assignments[0];
    if (!assignment) throw protocol('getAssignments', 'The order has no eSIM assignment');
    return save(order, {
      state: 'confirmed',
      iccid: assignment.iccid,
      matching_id: assignment.matchingId,
      smdp_address: smdpFqdn(assignment.smdpAddress),
      reconcile_at: null,
    });
  };

  /**
   * An order whose transaction got no answer: the orders of its bundle placed around the time it was sent, oldest
   * first, are claimed in turn; the first claim that is ours is the order. None after ORDER_SETTLE_MS: never placed.
   */
  const settle = async (order: ProviderOrder): Promise<ProviderOrder> => {
    const sentAt = new Date(order.updated_at);
    const listed = await client.listOrders({
      from: new Date(sentAt.getTime() - CLOCK_SKEW_MS),
      to: new Date(sentAt.getTime() + ORDER_SETTLE_MS),
    });
    const candidates = listed
      .filter((placed) =>
        placed.order.some(
          (line) => line.item === order.profile_type && line.quantity === 1 && (!isTopUp(order) || line.iccids?.includes(order.iccid as string)),
        ),
      )
      .sort((a, b) => Date.parse(a.createdDate) - Date.parse(b.createdDate));
    for (const placed of candidates) {
      const owner = await journal.claimProviderReference(ESIMGO_PROVIDER, placed.orderReference, order);
      if (owner.partner_id === order.partner_id && owner.reference === order.reference) return accept(order, placed);
    }
    if (clock.now().getTime() - sentAt.getTime() >= ORDER_SETTLE_MS) return save(order, { state: 'cancelled', reconcile_at: null });
    throw new ProviderUnavailableError({
      kind: 'unreachable',
      provider: ESIMGO_PROVIDER,
      operation: 'listOrders',
      detail: 'The order sent earlier is not listed yet; its outcome is not known',
    });
  };

  /** The order another request began, once it leaves `ordering`, else as the journal holds it after the wait. */
  const outcomeOfOrderInFlight = (partnerId: string, reference: string): Promise<ProviderOrder | undefined> =>
    awaitOrder(journal, partnerId, reference, (order) => order.state !== 'ordering', sleep);

  /**
   * Finishes whatever the journal knows of this reference (or of the grant's former reference, for the same bundle and
   * eSIM); orders afresh only when nothing was placed.
   */
  const ordered = async (
    partnerId: string,
    key: string,
    bundle: string,
    iccid: string | null,
    formerKey: string | undefined,
    /** A new eSIM's: the order reference of the package its bundle is. */
    packageReference: string | null = null,
  ): Promise<ProviderOrder> => {
    let known = await journalledOrder(
      journal,
      partnerId,
      key,
      formerKey,
      (order) => order.profile_type === bundle && (iccid === null || order.iccid === iccid),
    );
    // An order resumed under the former reference goes on under it, as its other requests do.
    const reference = known?.reference ?? key;
    // Begun moments ago by another request, whose transaction is in flight: its outcome is a wait away, while GET
    // /orders would not list it yet and answer 503 for nothing.
    if (known?.state === 'ordering' && clock.now().getTime() - Date.parse(known.updated_at) < IN_FLIGHT_MS) {
      known = (await outcomeOfOrderInFlight(partnerId, reference)) ?? known;
    }
    if (known?.state === 'ordering') known = await settle(known);
    if (known?.state === 'ordered') known = await readAssignment(known);
    if (known && known.state !== 'cancelled') return known;

    const line = { item: bundle, ...(iccid ? { iccid } : {}) };
    await client.validateOrder(line);
    const sent: ProviderOrder = {
      ...freshOrder(partnerId, reference, (known?.attempt ?? 0) + 1, bundle, iccid, packageReference),
      state: 'ordering',
      reconcile_at: after(ORDER_SETTLE_MS),
    };
    // eSIM Go takes no reference of ours: two requests for one grant or payment that both found nothing must not both
    // send a transaction (each would be a paid order). The one that begins the attempt sends it; the other waits for
    // its outcome and goes on with the same order (its redemption then finds the grant taken), or answers 503.
    if (!(await journal.begin(sent, known))) {
      const settled = await outcomeOfOrderInFlight(partnerId, reference);
      if (settled?.state === 'ordered') return readAssignment(settled);
      if (settled?.state === 'confirmed') return settled;
      throw new ProviderUnavailableError({
        kind: 'unreachable',
        provider: ESIMGO_PROVIDER,
        operation: 'placeOrder',
        detail: 'Another request is placing this order now; its outcome is not known yet',
      });
    }
    let answer: TransactionAnswer;
    try {
      answer = await client.placeOrder(line);
    } catch (error) {
      // A refusal (4xx) placed nothing; anything else (timeout, 5xx, a broken answer) stays `ordering` to be settled.
      if (error instanceof EsimGoRefusal) await save(sent, { state: 'cancelled', reconcile_at: null });
      throw error;
    }
    await journal.claimProviderReference(ESIMGO_PROVIDER, answer.orderReference, sent);
    const placed = await accept(sent, answer);
    return placed.state === 'ordered' ? readAssignment(placed) : placed;
  };

  /** `asked`: the package reference of this call, for orders journalled before they recorded theirs (its own). */
  const profileOf = (order: ProviderOrder, asked: string): EsimProfile => {
    const smdpAddress = order.smdp_address as string;
    const matchingId = order.matching_id as string;
    try {
      const activationCode = buildActivationCode({ smdpAddress, matchingId, confirmationCodeRequired: false });
      return {
        iccid: order.iccid as string,
        imsi: null,
        smdp_address: smdpAddress,
        matching_id: matchingId,
        activation_code: activationCode,
        // eSIM Go hands out activation codes without the confirmation code flag: the partner setting does not apply.
        confirmation_code_ciphertext: null,
        ordered_with: order.package_reference ?? asked,
      };
    } catch (error) {
      throw protocol('getAssignments', error instanceof Error ? error.message : 'Unusable install details');
    }
  };

  return {
    async allocateEsim({ partnerId, idempotencyKey, formerIdempotencyKey, destination, firstPackage, firstPackageReference }) {
      const bundle = bundleFor({ ...firstPackage, destination: firstPackage.destination ?? destination });
      // An order of the traveler's eSIM another redemption began carries that redemption's bundle (F168).
      const order = await ordered(partnerId, idempotencyKey, bundle, null, formerIdempotencyKey, firstPackageReference);
      return profileOf(order, firstPackageReference);
    },

    async addPackage(input) {
      // The eSIM was ordered with this package's bundle: there is nothing more to order.
      if (input.withEsim) return;
      const bundle = bundleFor(input);
      const placed = await ordered(input.partnerId, input.idempotencyKey, bundle, input.iccid, input.formerIdempotencyKey);
      // An earlier attempt ordered it onto an eSIM the traveler did not keep (a grant changed mid-order got an eSIM of
      // its own and was stored first, F168): that bundle is not on this eSIM, so it is ordered onto this one.
      if (placed.iccid !== input.iccid) await ordered(input.partnerId, `${input.idempotencyKey}:${input.iccid}`, bundle, input.iccid, undefined);
    },

    /** The bundle in use on the eSIM (active, else the latest): its initial minus its remaining bytes. */
    async readUsage({ iccid }) {
      const { bundles } = await client.bundles(iccid);
      const assignments = bundles.flatMap((b) => b.assignments);
      const current = assignments.find((a) => a.bundleState === 'active') ?? assignments.at(-1);
      return { usedBytes: Math.max(0, (current?.initialQuantity ?? 0) - (current?.remainingQuantity ?? 0)) };
    },

    networkFor: async () => settings.homeNetwork,

    async reconcile(order) {
      let current = order;
      if (current.state === 'ordering') current = await settle(current);
      if (current.state === 'ordered') current = await readAssignment(current);
      // A placed order stays with the redemption that placed it: its retry attaches it (eSIM Go has no cancel).
      return current.reconcile_at === null ? current : save(current, { reconcile_at: null });
    },
  };
};
