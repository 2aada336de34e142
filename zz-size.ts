import { build } from 'esbuild';
import { lambdaBuildOptions } from '#lib/bundling';
import { stageSettings } from '#lib/stage';
for (const entry of process.argv.slice(2)) {
  const r = await build({ ...lambdaBuildOptions(process.cwd(), entry, '/tmp/zz-out.js', stageSettings('production').connectivity), write: false, metafile: true });
  const o = Object.values(r.metafile.outputs).find((x) => x.entryPoint)!;
  console.log(entry, o.bytes);
}
