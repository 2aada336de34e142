// tool → turns a minified Lambda stack trace into source positions, offline, with the bundle's external source map.
// Usage: npm run resolve-stack -- path/to/index.js.map < stack.txt
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { text } from 'node:stream/consumers';
import { resolveStack } from '#bin/ops/resolve-stack';

const usage = `Usage: npm run resolve-stack -- <path/to/index.js.map> < stack.txt

Reads a stack trace on standard input (frames like index.js:1:23456, as Lambda logs them) and prints it with each
frame of the bundle replaced by source:line:column. The map must be of the same deployment: index.js.map of the
function's deployment package (aws lambda get-function), or cdk.out/asset.<hash>/index.js.map of the synth that
deployed it (docs/benchmarks.md, "Reading a production stack trace"). Other text is printed as it is.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
const [mapFile] = args;
if (!mapFile || args.length > 1 || mapFile.startsWith('-')) {
  console.error(usage);
  process.exit(2);
}
let payload: SourceMapPayload;
try {
  payload = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload;
} catch (error) {
  console.error(`Cannot read the source map ${mapFile}: ${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
process.stdout.write(resolveStack(await text(process.stdin), new SourceMap(payload)));
