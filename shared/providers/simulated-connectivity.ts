// provider adapter → a simulated connectivity provider: deterministic profiles, usage kept in memory.
import { createHash } from 'node:crypto';
import { luhnCheckDigit } from '#shared/domain/luhn';
import type { ConnectivityProvider, EsimProfile } from '#shared/usecases/ports/lifecycle';

export const SIMULATED_SMDP_ADDRESS = 'smdp.sandbox.esim.example';

/** Test networks (MCC 001 is reserved for testing): one per destination, so classic grants can match on IMSI. */
const networkFor = (destination: string | null): string => {
  if (!destination) return '00101';
  const digest = createHash('sha256').update(destination).digest();
  return `001${String(((digest[0] ?? 0) % 90) + 10)}`;
};

const digits = (seed: string, count: number): string => {
  const digest = createHash('sha256').update(seed).digest();
  return [...digest]
    .map((byte) => String(byte % 10))
    .join('')
    .slice(0, count);
};

/** Profiles derive from the idempotency key, so a retried allocation returns the same ICCID. */
export const simulatedConnectivity = (): ConnectivityProvider => {
  const usage = new Map<string, number>();
  return {
    async allocateEsim({ idempotencyKey, destination, firstPackageReference }): Promise<EsimProfile> {
      // 89 = telecom, 882 = international networks, then 13 digits and the Luhn check digit: 19 digits.
      const body = `89882${digits(`iccid:${idempotencyKey}`, 13)}`;
      const iccid = `${body}${luhnCheckDigit(body)}`;
      const imsi = `${networkFor(destination)}${digits(`imsi:${idempotencyKey}`, 10)}`;
      const matchingId = digits(`match:${idempotencyKey}`, 20).replace(/(\d{5})(?=\d)/g, '$1-');
      return {
        iccid,
        imsi,
        smdp_address: SIMULATED_SMDP_ADDRESS,
        matching_id: matchingId,
        activation_code: `LPA:1$${SIMULATED_SMDP_ADDRESS}$${matchingId}`,
        // Confirmation codes are an ES2+ feature (decision F140): the simulation ignores the partner setting.
        confirmation_code_ciphertext: null,
        // Simulated eSIMs carry no package of their own (adding one orders nothing).
        ordered_with: firstPackageReference,
      };
    },
    async addPackage() {},
    async readUsage({ iccid, packageId }) {
      return { usedBytes: usage.get(`${iccid}:${packageId}`) ?? 0 };
    },
    networkFor: async (destination) => networkFor(destination),
  };
};
