// composition → which connectivity and payment providers a stage uses. Only simulated ones exist so far:
// local and sandbox stages use them; production refuses traveler-side provisioning until a real one is wired in.
import { AppError } from '#shared/errors';
import { simulatedConnectivity } from '#shared/providers/simulated-connectivity';
import { simulatedPayments } from '#shared/providers/simulated-payments';
import type { ConnectivityProvider, PaymentProvider } from '#shared/usecases/ports/lifecycle';

const unavailable = () =>
  new AppError(503, 'provider_unavailable', 'eSIM provisioning is not available in this environment yet. Contact support.');

const notConfigured: ConnectivityProvider & PaymentProvider = {
  allocateEsim: async () => Promise.reject(unavailable()),
  addPackage: async () => Promise.reject(unavailable()),
  readUsage: async () => Promise.reject(unavailable()),
  networkFor: () => '00101',
  charge: async () => Promise.reject(unavailable()),
};

export const providersFor = (stage: string): { connectivity: ConnectivityProvider; payments: PaymentProvider } =>
  stage === 'production' ? { connectivity: notConfigured, payments: notConfigured } : { connectivity: simulatedConnectivity(), payments: simulatedPayments() };
