// Runs every test file, two at a time, with the TAP output `node --test` gives. Node runs one file
// at a time on a 2-core machine (its default is one less than the cores), yet each file mostly
// waits: on the server jar it starts, on Chromium, on an encode. Node 18 has no
// --test-concurrency, so the files are handed to the runner's API here. The servers of
// server.mjs's SHARED are started first, once, and handed to the files through the environment
// (each file runs in a child process that inherits it): a server's start is 2-3 s of CPU.
import { readdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { run } from "node:test";
import { tap } from "node:test/reporters";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { SHARED, SHARED_SERVERS, startServer } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter((name) => name.endsWith(".test.mjs")).sort().map((name) => join(here, name));

const logs = mkdtempSync(join(tmpdir(), "mediaopt-ts-logs-"));
const shared = await Promise.all(Object.entries(SHARED).map(async ([name, env]) => {
  const logFile = join(logs, `${name}.log`);
  return { name, logFile, server: await startServer(env, logFile) };
}));
process.env[SHARED_SERVERS] = JSON.stringify(Object.fromEntries(
  shared.map(({ name, logFile, server }) => [name, { baseUrl: server.baseUrl, logFile }])));

try {
  const report = run({ files, concurrency: 2 })
    .on("test:fail", () => {
      process.exitCode = 1;
    })
    .compose(tap);
  report.pipe(process.stdout);
  await finished(report);
} finally {
  await Promise.all(shared.map(({ server }) => server.stop()));
  rmSync(logs, { recursive: true, force: true });
}
