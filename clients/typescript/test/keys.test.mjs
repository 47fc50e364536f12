import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { MediaoptClient, MediaoptError } from "../dist/index.js";
import { png, startServer } from "./server.mjs";

describe("a service with API keys", () => {
  let server;
  before(async () => {
    server = await startServer({ SERVICE_API_KEYS: "key-one,key-two" });
  });
  after(() => server?.stop());

  test("answers a client with a key, sent as x-api-key", async () => {
    const client = new MediaoptClient(server.baseUrl, { apiKey: " key-two " });
    assert.equal(typeof (await client.getUsage()).totalJobs, "number");
    const { jobId } = await client.upload(png(), { filename: "k.png" });
    assert.equal((await client.waitForJob(jobId, { timeoutMs: 60_000 })).status, "done");
    const other = await new MediaoptClient(server.baseUrl, { apiKey: "key-one" }).getJob(jobId).catch((e) => e);
    assert.ok(other instanceof MediaoptError, String(other));
    assert.equal(other.status, 404, "another key cannot see the job");
    assert.equal(other.code, "not-found");
  });

  test("refuses a client without a key or with another one", async () => {
    for (const apiKey of [undefined, "", "key-three"]) {
      const client = new MediaoptClient(server.baseUrl, { apiKey });
      for (const call of [() => client.getUsage(), () => client.submitJob(png()), () => client.upload(png())]) {
        await assert.rejects(call(), (error) => {
          assert.ok(error instanceof MediaoptError, String(error));
          assert.equal(error.code, "unauthorized");
          assert.equal(error.status, 401);
          return true;
        });
      }
    }
  });
});
