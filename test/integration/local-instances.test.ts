// Two `npm start -- --in-memory` in one checkout, on two ports: each keeps its own files (runtime file, key, demo
// partner), the ops CLI talks to the one named by --port and refuses to guess between them, and a second start on a
// folder in use is refused with a message saying what to do.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { localDataDir } from '#bin/local/instances';
import { freePort } from '#bin/local/ports';
import { startLocalRuntime, type LocalRuntime } from '#bin/local/runtime';
import { runOps } from '#bin/ops/cli';
import { createPartner } from '#shared/usecases/manage-partners';
import { projectRoot } from '#test/support/test-service';

describe('Two in-memory local services in one checkout', () => {
  const localRoot = join(projectRoot, '.local/test', randomUUID());
  const started: LocalRuntime[] = [];
  const startInMemory = async (port: number) => {
    const runtime = await startLocalRuntime({
      projectRoot,
      port,
      dataDir: localDataDir(localRoot, { inMemory: true, port }),
      inMemory: true,
      tableName: `test-${randomUUID()}`,
      catalogFile: null,
    });
    started.push(runtime);
    return runtime;
  };
  const ops = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, { out: (text) => out.push(text), err: (text) => err.push(text), defaultDataDir: localRoot });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  let ports: number[];
  let partners: string[];

  beforeAll(async () => {
    // Two free ports, and two different ones: the system may hand out the port it just took back.
    const first = await freePort();
    let second = await freePort();
    while (second === first) second = await freePort();
    ports = [first, second];
    const runtimes = [await startInMemory(ports[0]!), await startInMemory(ports[1]!)];
    partners = await Promise.all(runtimes.map(async (runtime) => (await createPartner({ name: 'Mine' }, runtime.admin)).partner_id));
  });
  afterAll(async () => {
    await Promise.all(started.map((runtime) => runtime.stop()));
    rmSync(localRoot, { recursive: true, force: true });
  });

  it('keeps their files apart: the ops CLI reaches each one by its port', async () => {
    // Act
    const first = await ops('partner', 'list', '--port', String(ports[0]), '--json');
    const second = await ops('partner', 'list', '--port', String(ports[1]), '--json');

    // Assess
    const ids = (listing: { out: string }) => (JSON.parse(listing.out) as { partner_id: string }[]).map((partner) => partner.partner_id);
    expect(ids(first)).toEqual([partners[0]]);
    expect(ids(second)).toEqual([partners[1]]);
  });

  it('refuses to guess which one the ops CLI means, and names a port nothing runs on', async () => {
    // Act
    const unnamed = await ops('partner', 'list');
    const nothingThere = await ops('partner', 'list', '--port', '1');

    // Assess
    const both = [...ports]
      .sort((one, other) => one - other)
      .map((port) => `port ${port} (.local/in-memory/${port})`)
      .join(', ');
    expect(unnamed).toMatchObject({ code: 1, err: `Several local services are running: ${both}. Choose one with --port <port>.` });
    expect(nothingThere).toMatchObject({ code: 1, err: `No local service runs on port 1. Running: ${both}.` });
  });

  it('refuses a second start on a data folder a running service uses', async () => {
    // Act
    const second = startInMemory(ports[0]!);

    // Assess
    await expect(second).rejects.toThrow(`already runs at http://127.0.0.1:${ports[0]}/api (pid ${process.pid}). Stop it first`);
  });
});
