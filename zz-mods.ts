import { build } from 'esbuild';
import { lambdaBuildOptions } from '#lib/bundling';
import { stageSettings } from '#lib/stage';
const [entry] = process.argv.slice(2);
const result = await build({ ...lambdaBuildOptions(process.cwd(), entry, 'x.js', stageSettings('production').connectivity), write: false, metafile: true });
const output = Object.values(result.metafile.outputs).find((c) => c.entryPoint)!;
const importers = new Map<string, string[]>();
for (const [file, input] of Object.entries(result.metafile.inputs)) for (const imp of input.imports) { if (!importers.has(imp.path)) importers.set(imp.path, []); importers.get(imp.path)!.push(file); }
for (const [file, input] of Object.entries(output.inputs).filter(([f]) => !f.includes('node_modules')).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) console.log(String(input.bytesInOutput).padStart(6), file, '<-', (importers.get(file) ?? []).join(', '));
