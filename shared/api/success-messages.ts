// api → the `message` of each JSON operation's success answer, written once: the handler answers with it and the
// operation registry's example shows it (docs/openapi.json). One export per operation, named after it (checked below),
// imported as a namespace (`successMessages.getBooking`): a bundle keeps only the messages its function answers with,
// and none of the registry's schemas.
import type { OperationName } from '#shared/routes';
import type { SandboxStep } from '#shared/domain/lifecycle-schemas';

/** The spec's exact messages of the two update calls, which depend on how many codes were skipped. */
const packageSpecificationUpdated = ({ updatedCount, skippedCount }: { updatedCount: number; skippedCount: number }) =>
  skippedCount > 0
    ? `Updated ${updatedCount} promo code(s). Skipped ${skippedCount} already redeemed.`
    : 'Successfully updated package specification for booking.';

/** Every sandbox route is served by one handler, which knows its step rather than its operation name. */
export const sandboxStepPlayed = (step: SandboxStep) => `Sandbox step ${step} played.`;

export const listBookings = 'Bookings retrieved successfully.';
export const createBooking = 'Booking created successfully.';
export const getBooking = 'Booking retrieved successfully.';
export const deleteBooking = 'Booking deleted successfully.';
export const deleteBookingByExternalId = 'Booking deleted successfully.';
export const updatePackageSpecifications = packageSpecificationUpdated;
export const updatePackageSpecification = packageSpecificationUpdated;
export const listDestinations = 'Destinations retrieved successfully.';
export const getDestination = 'Destination retrieved successfully.';
export const listCompatibleDevices = 'Compatible devices retrieved successfully.';
export const checkDeviceCompatibility = ({ is_compatible, reason_code }: { is_compatible: boolean; reason_code?: string | null }) => {
  if (is_compatible) return 'The device supports eSIM.';
  // An unlisted device may still have an eSIM (its reason says how to check): not "cannot".
  return reason_code === 'unknown_device' ? 'The device is not on the list of eSIM-capable devices.' : 'The device cannot use an eSIM.';
};
export const ingestFact = ({ duplicate }: { duplicate: boolean }) => (duplicate ? 'Fact already recorded; nothing changed.' : 'Fact recorded.');
export const nativeUserDashboard = 'User dashboard retrieved successfully.';
export const nativeInstructions = 'Installation instructions generated successfully.';
export const nativeRedeemPackage = 'Package redeemed successfully.';
export const listClassicPackageQueues = 'Classic package queues retrieved successfully.';
export const setClassicPackageQueueDestination = 'Destination set.';
export const claimClassicPackageQueue = 'Classic package queue claimed.';
export const sandboxRedeemPromoCode = sandboxStepPlayed;
export const sandboxInstallEsim = sandboxStepPlayed;
export const sandboxRemoveEsim = sandboxStepPlayed;
export const sandboxActivatePackage = sandboxStepPlayed;
export const sandboxReportUsage = sandboxStepPlayed;
export const sandboxPurchase = sandboxStepPlayed;
export const sandboxTopup = sandboxStepPlayed;
export const sandboxClaimClassic = sandboxStepPlayed;
export const getPromoCode = 'Promo code retrieved successfully.';
export const claimPromoCode = (email: string) => `The promo code was sent to ${email}.`;
export const createRedirectToken = 'Redirect token created.';
export const getWebhookEndpoint = 'Webhook endpoint retrieved successfully.';
export const updateWebhookEndpoint = 'Webhook endpoint updated.';
export const rotateWebhookSigningSecret = 'Signing secret rotated. Store it now: it is not shown again.';
export const sendTestWebhook = 'Test delivery sent.';
export const listWebhookDeliveries = 'Deliveries retrieved successfully.';
export const createPortalLink = 'Portal link created. Open it within 5 minutes; it works once.';
export const recoverWebhookDeliveries = ({ queued }: { queued: number }) => `${queued} event(s) queued for delivery again.`;

/** Compile-time check: every message is named after an operation of the route table (the sandbox helper aside). */
type MessageName = Exclude<keyof typeof import('#shared/api/success-messages'), 'sandboxStepPlayed' | 'namedAfterOperations'>;
export const namedAfterOperations: MessageName extends OperationName ? true : never = true;
