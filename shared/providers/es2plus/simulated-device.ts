// provider adapter → the local SM-DP+ simulator's stand-in for a traveler's device: asks it to download and install
// a released profile, so the install reaches the service as the SM-DP+'s own download-progress notifications (points
// 3 and 4, over mutual TLS), the path production's installs take. Only the local runtime composes it.
import { ADMIN_PROTOCOL } from '#shared/providers/es2plus/messages';
import type { Es2PlusTransport } from '#shared/providers/es2plus/transport';
import type { DeviceInstalls } from '#shared/usecases/ports/lifecycle';

/** The simulator's control path: not an ES2+ function (SGP.22 has none for a device), so outside /gsma/rsp2/es2plus. */
export const SIMULATED_DEVICE_INSTALL_PATH = '/simulator/device-install';

/** What the simulator answers: the status the service's notification route gave its point 4 notification. */
export interface SimulatedDeviceInstallAnswer {
  operatorStatus: number;
}

export const simulatedDeviceInstalls = (transport: Es2PlusTransport): DeviceInstalls => ({
  async install({ iccid, at }) {
    const answer = await transport.post(
      SIMULATED_DEVICE_INSTALL_PATH,
      { 'content-type': 'application/json', 'x-admin-protocol': ADMIN_PROTOCOL },
      JSON.stringify({ iccid, timestamp: at.toISOString() }),
    );
    // A profile the simulator did not issue (one from before its start, or another provider's): no device to play.
    if (answer.status === 404) return false;
    const { operatorStatus } = (answer.status === 200 ? JSON.parse(answer.body) : {}) as Partial<SimulatedDeviceInstallAnswer>;
    if (operatorStatus !== 204) {
      throw new Error(`The SM-DP+ simulator's install of ${iccid} was not accepted (simulator ${answer.status}, notification ${operatorStatus})`);
    }
    return true;
  },
});
