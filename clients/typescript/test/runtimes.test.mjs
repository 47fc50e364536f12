import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sharedServer } from "./server.mjs";

// Bun and Deno as pinned in runtimes/package-lock.json; test.sh installs them with `npm ci`
const runtimes = resolve(dirname(fileURLToPath(import.meta.url)), "../runtimes");
const bun = join(runtimes, "node_modules/@oven/bun-linux-x64/bin/bun");
const deno = join(runtimes, "node_modules/@deno/linux-x64-glibc/deno");

const linuxX64 = process.platform === "linux" && process.arch === "x64";

describe("the built client on Bun and Deno", { skip: !linuxX64 && "runtimes/ pins their Linux x64 binaries" }, () => {
  let service;
  before(async () => {
    for (const binary of [bun, deno]) {
      assert.ok(existsSync(binary), `${binary} is missing: run npm ci in ${runtimes} (test.sh does)`);
    }
    service = await sharedServer("plain");
  });
  after(() => service?.stop());

  // asynchronous, so that the server's output keeps being read while the smoke script runs
  const smoke = async (command, ...args) => {
    const run = await promisify(execFile)(command, [...args, "smoke.mjs"], {
      cwd: runtimes, env: { ...process.env, MEDIAOPT_URL: service.baseUrl, NO_COLOR: "1" }, timeout: 120_000,
    }).catch((failure) => failure);
    const output = `${run.stdout}${run.stderr}`;
    assert.equal(run.code ?? 0, 0, `${command} ${args.join(" ")} smoke.mjs failed:\n${output}\nserver:\n${service.log()}`);
    assert.equal(output.match(/^ok /gm)?.length, 5, output);
    return output;
  };

  test("bun runs every check of runtimes/smoke.mjs", async () => {
    const output = await smoke(bun, "run");
    assert.match(output, /^ok {3}bun 1\./m);
  });

  test("deno runs every check of runtimes/smoke.mjs with net, read and env permissions only", async () => {
    const output = await smoke(deno, "run", "--no-prompt", "--allow-net", "--allow-read", "--allow-env");
    assert.match(output, /^ok {3}deno 2\./m);
  });
});
