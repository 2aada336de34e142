// provider adapter → the local SM-DP+ simulator's stand-in for a traveler's device: asks it to install a released
// profile, or to delete an installed one, so the change reaches the service as the SM-DP+'s own download-progress
// notifications (points 3 and 4, or 5, over mutual TLS), the path production's take. Only the local runtime composes it.
import { ADMIN_PROTOCOL } from '#shared/providers/es2plus/messages';
import type { Es2PlusTransport } from '#shared/providers/es2plus/transport';
import type { DeviceOutcome, SimulatedDevice } from '#shared/usecases/ports/lifecycle';

/** The simulator's control paths: not ES2+ functions (SGP.22 has none for a device), so outside /gsma/rsp2/es2plus. */
export const SIMULATED_DEVICE_PATHS = { install: '/simulator/device-install', remove: '/simulator/device-delete' } as const;

/** What the simulator answers: the status the service's notification route gave its last notification. */
export interface SimulatedDeviceAnswer {
  operatorStatus: number;
}

export const es2PlusSimulatedDevice = (transport: Es2PlusTransport): SimulatedDevice => {
  const play =
    (action: keyof typeof SIMULATED_DEVICE_PATHS) =>
    async ({ iccid, at }: { iccid: string; at: Date }): Promise<DeviceOutcome> => {
      const answer = await transport.post(
        SIMULATED_DEVICE_PATHS[action],
        { 'content-type': 'application/json', 'x-admin-protocol': ADMIN_PROTOCOL },
        JSON.stringify({ iccid, timestamp: at.toISOString() }),
      );
      // A profile the simulator did not issue (one from before its start, or another provider's): no device to play.
      if (answer.status === 404) return 'not_issued';
      // Issued, but not in the state the action needs: another call changed it a moment ago.
      if (answer.status === 409) return 'refused';
      const { operatorStatus } = (answer.status === 200 ? JSON.parse(answer.body) : {}) as Partial<SimulatedDeviceAnswer>;
      if (operatorStatus !== 204) {
        throw new Error(`The SM-DP+ simulator's ${action} of ${iccid} was not accepted (simulator ${answer.status}, notification ${operatorStatus})`);
      }
      return 'done';
    };
  return { install: play('install'), remove: play('remove') };
};
