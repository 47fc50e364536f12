// Runs every test file, two at a time, with the TAP output `node --test` gives. Node runs one file
// at a time on a 2-core machine (its default is one less than the cores), yet each file mostly
// waits: on the server jar it starts, on Chromium, on an encode. Node 18 has no
// --test-concurrency, so the files are handed to the runner's API here.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { run } from "node:test";
import { tap } from "node:test/reporters";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter((name) => name.endsWith(".test.mjs")).sort().map((name) => join(here, name));

run({ files, concurrency: 2 })
  .on("test:fail", () => {
    process.exitCode = 1;
  })
  .compose(tap)
  .pipe(process.stdout);
