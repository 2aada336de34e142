// test support → runs the ops CLI in-process against a test service's data folder, capturing its output.
import { runOps } from '#bin/ops/cli';

export const opsRunner =
  (dataDir: string) =>
  async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps([...argv, '--data-dir', dataDir], {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      defaultDataDir: dataDir,
    });
    return { code, out: out.join('\n'), err: err.join('\n'), json: () => JSON.parse(out.join('\n')) };
  };
