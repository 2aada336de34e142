// api → the `message` of each JSON operation's success answer, written once: the handler answers with it and the
// operation registry's example shows it (docs/openapi.json). Keyed by operation name, so no entry can name a route
// that does not exist. Kept apart from the registry so a handler's bundle carries these strings, not the schemas.
import type { OperationName } from '#shared/routes';
import type { SandboxStep } from '#shared/domain/lifecycle-schemas';

/** The spec's exact messages of the two update calls, which depend on how many codes were skipped. */
const packageSpecificationUpdated = ({ updatedCount, skippedCount }: { updatedCount: number; skippedCount: number }) =>
  skippedCount > 0
    ? `Updated ${updatedCount} promo code(s). Skipped ${skippedCount} already redeemed.`
    : 'Successfully updated package specification for booking.';

/** Every sandbox route is served by one handler, which knows its step rather than its operation name. */
export const sandboxStepPlayed = (step: SandboxStep) => `Sandbox step ${step} played.`;

export const successMessages = {
  listBookings: 'Bookings retrieved successfully.',
  createBooking: 'Booking created successfully.',
  getBooking: 'Booking retrieved successfully.',
  deleteBooking: 'Booking deleted successfully.',
  deleteBookingByExternalId: 'Booking deleted successfully.',
  updatePackageSpecifications: packageSpecificationUpdated,
  updatePackageSpecification: packageSpecificationUpdated,
  listDestinations: 'Destinations retrieved successfully.',
  getDestination: 'Destination retrieved successfully.',
  listCompatibleDevices: 'Compatible devices retrieved successfully.',
  checkDeviceCompatibility: ({ is_compatible }: { is_compatible: boolean }) =>
    is_compatible ? 'The device supports eSIM.' : 'The device cannot use an eSIM.',
  ingestFact: ({ duplicate }: { duplicate: boolean }) => (duplicate ? 'Fact already recorded; nothing changed.' : 'Fact recorded.'),
  nativeUserDashboard: 'User dashboard retrieved successfully.',
  nativeInstructions: 'Installation instructions generated successfully.',
  nativeRedeemPackage: 'Package redeemed successfully.',
  listClassicPackageQueues: 'Classic package queues retrieved successfully.',
  setClassicPackageQueueDestination: 'Destination set.',
  claimClassicPackageQueue: 'Classic package queue claimed.',
  sandboxRedeemPromoCode: sandboxStepPlayed,
  sandboxInstallEsim: sandboxStepPlayed,
  sandboxRemoveEsim: sandboxStepPlayed,
  sandboxActivatePackage: sandboxStepPlayed,
  sandboxReportUsage: sandboxStepPlayed,
  sandboxPurchase: sandboxStepPlayed,
  sandboxTopup: sandboxStepPlayed,
  sandboxClaimClassic: sandboxStepPlayed,
  getPromoCode: 'Promo code retrieved successfully.',
  claimPromoCode: (email: string) => `The promo code was sent to ${email}.`,
  createRedirectToken: 'Redirect token created.',
  getWebhookEndpoint: 'Webhook endpoint retrieved successfully.',
  updateWebhookEndpoint: 'Webhook endpoint updated.',
  rotateWebhookSigningSecret: 'Signing secret rotated. Store it now: it is not shown again.',
  sendTestWebhook: 'Test delivery sent.',
  listWebhookDeliveries: 'Deliveries retrieved successfully.',
  createPortalLink: 'Portal link created. Open it within 5 minutes; it works once.',
  recoverWebhookDeliveries: ({ queued }: { queued: number }) => `${queued} event(s) queued for delivery again.`,
} as const satisfies Partial<Record<OperationName, string | ((...args: never[]) => string)>>;
