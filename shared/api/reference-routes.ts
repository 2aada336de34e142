// api docs → the routes that serve the API reference: the local runtime and every stage but production.
// Kept out of shared/routes.ts on purpose: they are not partner operations and are not in the document.
import type { RouteDefinition } from '#shared/routes';

const entry = 'functions/api-reference.ts';

export const referenceRoutes: readonly RouteDefinition[] = [
  { operation: 'apiReferenceDocument', method: 'GET', path: '/openapi.json', entry, auth: 'public' },
  { operation: 'apiReferencePage', method: 'GET', path: '/openapi', entry, auth: 'public' },
  { operation: 'apiReferenceScript', method: 'GET', path: '/openapi/redoc.standalone.js', entry, auth: 'public' },
];

/** Files the reference function serves: name beside the bundle → where it lives in the project. */
export const referenceAssets = {
  'openapi.json': 'docs/openapi.json',
  'redoc.standalone.js': 'node_modules/redoc/bundles/redoc.standalone.js',
} as const;
export type ReferenceAsset = keyof typeof referenceAssets;
