// sdk → the Native Integration API: the traveler's dashboard, redemption, install instructions, device checks and
// classic grants, each keyed by your own external_user_id. Its POST calls are never retried (see transport.ts).
import { type BodyOf, type DataOf, type RawClient, unwrap } from './answers.ts';
import type { components } from './schema.js';

/** The brand the dashboard and the install instructions show: name, colors, logo. */
export type Branding = components['schemas']['Branding'];

export type UserDashboard = DataOf<'nativeUserDashboard'>;
export type RedeemPackageRequest = BodyOf<'nativeRedeemPackage'>;
export type PackageRedemption = DataOf<'nativeRedeemPackage'>;
export type InstallInstructionsRequest = BodyOf<'nativeInstructions'>;
/** Structured steps (`format: 'json'`, the default) or a ready page (`format: 'html'`). */
export type InstallInstructions = DataOf<'nativeInstructions'>;
export type InstructionsFormat = InstallInstructions['format'];
export type CompatibleDevices = DataOf<'listCompatibleDevices'>;
export type DeviceCheckRequest = BodyOf<'checkDeviceCompatibility'>;
export type DeviceCompatibility = DataOf<'checkDeviceCompatibility'>;
export type ClassicGrant = DataOf<'setClassicPackageQueueDestination'>;
export type ClassicGrantClaim = DataOf<'claimClassicPackageQueue'>;

export const nativeCalls = (raw: RawClient) => ({
  /** The traveler's eSIMs, packages and pending grants; `iccid` shows another of their eSIMs (a claimed classic one). */
  dashboard: async (externalUserId: string, { iccid }: { iccid?: string } = {}): Promise<UserDashboard> =>
    (await unwrap(raw.GET('/native/user-dashboard', { params: { query: { external_user_id: externalUserId, ...(iccid ? { iccid } : {}) } } }))).data,
  /** Redeems a pending universal grant (`package_queue_id` is a dashboard `package_queues[].id`) and queues its package. */
  redeemPackage: async (request: RedeemPackageRequest): Promise<PackageRedemption> =>
    (await unwrap(raw.POST('/native/redeem-package', { body: request }))).data,
  /** Install steps for the traveler's current eSIM (or `iccid`) on their device; the answer's shape follows `format`. */
  instructions: async <F extends InstructionsFormat = 'json'>(
    request: Omit<InstallInstructionsRequest, 'format'> & { format?: F },
  ): Promise<Extract<InstallInstructions, { format: F }>> =>
    (await unwrap(raw.POST('/native/instructions', { body: request }))).data as Extract<InstallInstructions, { format: F }>,
  /** The dated list of eSIM-capable devices, with its sources. */
  devices: async (): Promise<CompatibleDevices> => (await unwrap(raw.GET('/native/device-compatibility'))).data,
  /** Whether a phone can use an eSIM, and why not (`reason_code`, `reason`). */
  checkDevice: async (device: DeviceCheckRequest): Promise<DeviceCompatibility> =>
    (await unwrap(raw.POST('/native/device-compatibility', { body: device }))).data,
  /** The traveler's classic eSIM grants, oldest first. */
  classicGrants: async (externalUserId: string): Promise<ClassicGrant[]> =>
    (await unwrap(raw.GET('/native/classic-package-queues', { params: { query: { external_user_id: externalUserId } } }))).data,
  /** The destination the traveler chose for a classic grant booked without one (`queueId`: its `queue_id`). */
  setClassicGrantDestination: async (queueId: string, body: BodyOf<'setClassicPackageQueueDestination'>): Promise<ClassicGrant> =>
    (await unwrap(raw.PUT('/native/classic-package-queues/{id}/destination', { params: { path: { id: queueId } }, body }))).data,
  /** Claims a classic grant onto a matching eSIM of the traveler (`is_top_up`) or a new one. */
  claimClassicGrant: async (queueId: string, body: BodyOf<'claimClassicPackageQueue'>): Promise<ClassicGrantClaim> =>
    (await unwrap(raw.POST('/native/classic-package-queues/{id}/claim', { params: { path: { id: queueId } }, body }))).data,
});
