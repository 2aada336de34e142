// npm run openapi → writes docs/openapi.json from the route table, the operation registry and the schemas.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApiDocument } from '#shared/api/openapi-document';

const openApiPath = resolve(import.meta.dirname, '../docs/openapi.json');

writeFileSync(openApiPath, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${openApiPath}`);
