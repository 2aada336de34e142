// diagnostic → what one function's bundle holds of our own code, by module, largest first: where "our code" in the
// cold-start figures comes from. `npx tsx test/bench/bundle-contents.ts functions/get-booking.ts [count]`
import { build } from 'esbuild';
import { lambdaBuildOptions } from '#lib/bundling';
import { stageSettings } from '#lib/stage';

const [entry, count = '30'] = process.argv.slice(2);
if (!entry) throw new Error('Usage: npx tsx test/bench/bundle-contents.ts <functions/name.ts> [count]');
const result = await build({
  ...lambdaBuildOptions(process.cwd(), entry, 'bundle-contents.js', stageSettings('production').connectivity),
  write: false,
  metafile: true,
});
const output = Object.values(result.metafile.outputs).find((candidate) => candidate.entryPoint);
if (!output) throw new Error(`esbuild wrote no bundle for ${entry}`);
const ours = Object.entries(output.inputs)
  .filter(([file]) => !file.includes('node_modules'))
  .map(([file, input]) => ({ file, bytes: input.bytesInOutput }))
  .sort((a, b) => b.bytes - a.bytes);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(`${entry}: ${kib(output.bytes)} KiB in all, ${kib(ours.reduce((sum, { bytes }) => sum + bytes, 0))} KiB of it our code`);
for (const { file, bytes } of ours.slice(0, Number(count))) console.log(`${kib(bytes).padStart(6)} KiB  ${file}`);
