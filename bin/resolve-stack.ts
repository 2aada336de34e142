// tool → turns a minified Lambda stack trace into source positions, offline, with the bundle's external source map.
// Usage: npm run resolve-stack -- path/to/index.js.map < stack.txt
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { text } from 'node:stream/consumers';
import { resolveStack } from '#bin/ops/resolve-stack';

const [mapFile] = process.argv.slice(2);
if (!mapFile) {
  console.error('Usage: npm run resolve-stack -- path/to/index.js.map < stack.txt');
  process.exit(2);
}
const map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload);
process.stdout.write(resolveStack(await text(process.stdin), map));
