// bundling stand-in → replaces @aws-sdk/middleware-endpoint-discovery in function bundles (lib/bundling.ts). The DynamoDB
// client builds an endpoint cache (mnemonist LRU, about 8 KiB) in its constructor, but only commands that add the
// endpoint-discovery plugin ever read it, and no DynamoDB command of the pinned client does (DynamoDB discovery is
// optional and off by default; test/unit/bundling.test.ts checks the installed client). A plugin asked for fails loudly.
const unavailable = (): never => {
  throw new Error('Endpoint discovery is not bundled in this function (lib/bundling.ts lambdaAliases)');
};

/** The client's configuration without the cache: the flags the middleware would read, as the real resolver sets them. */
export const resolveEndpointDiscoveryConfig = <
  T extends { endpointDiscoveryEnabled?: boolean; endpointDiscoveryEnabledProvider?: () => Promise<boolean | undefined> },
>(
  input: T,
  { endpointDiscoveryCommandCtor }: { endpointDiscoveryCommandCtor: unknown },
) =>
  Object.assign(input, {
    endpointDiscoveryCommandCtor,
    endpointDiscoveryEnabled:
      input.endpointDiscoveryEnabled !== undefined ? () => Promise.resolve(input.endpointDiscoveryEnabled) : input.endpointDiscoveryEnabledProvider,
    isClientEndpointDiscoveryEnabled: input.endpointDiscoveryEnabled !== undefined,
  });

/** Read by the client's runtime config; discovery stays off unless configured, as with the real selectors. */
export const NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS = {
  environmentVariableSelector: (): undefined => undefined,
  configFileSelector: (): undefined => undefined,
  default: undefined,
};

export const getEndpointDiscoveryPlugin = unavailable;
export const getEndpointDiscoveryRequiredPlugin = unavailable;
export const getEndpointDiscoveryOptionalPlugin = unavailable;
export const endpointDiscoveryMiddleware = unavailable;
