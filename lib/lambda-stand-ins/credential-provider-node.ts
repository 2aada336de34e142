// bundling stand-in → replaces @aws-sdk/credential-provider-node in function bundles (lib/bundling.ts): Lambda puts the
// role's credentials in the environment, so the chain's STS, SSO and INI-file providers are dead weight there.
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
