import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { MediaoptClient, MediaoptError } from "../dist/index.js";
import { jpeg, png, startServer } from "./server.mjs";

describe("errors carry the service's code and status", () => {
  let server;
  let client;
  before(async () => {
    // one encoder that a synchronous request waits for 1 ms at most: concurrent ones get `busy`
    server = await startServer({ SERVICE_WORKERS: "1", SERVICE_QUEUE_TIMEOUT_MS: "1" });
    client = new MediaoptClient(server.baseUrl);
  });
  after(() => server?.stop());

  const rejectsWith = (promise, code, status) => assert.rejects(promise, (error) => {
    assert.ok(error instanceof MediaoptError, String(error));
    assert.equal(error.code, code, error.message);
    assert.equal(error.status, status);
    assert.ok(error.requestId, "the answer's x-request-id");
    return true;
  });

  test("not-found, invalid-input and unsupported-type", async () => {
    await rejectsWith(client.getJob("no-such-job"), "not-found", 404);
    await rejectsWith(client.download("no-such-job"), "not-found", 404);
    await rejectsWith(client.optimize(png(), { quality: 0 }), "invalid-input", 400);
    await rejectsWith(client.optimize(png(), { format: "mp4" }), "invalid-input", 400);
    await rejectsWith(client.submitJob(png(), { callbackUrl: "https://hooks.example/m" }), "invalid-input", 400);
    await rejectsWith(client.upload(new TextEncoder().encode("just some text\n".repeat(20)), { filename: "a.txt" }),
      "unsupported-type", 415);
  });

  test("a job that fails reports its code", async () => {
    const whole = jpeg();
    const { jobId } = await client.submitJob(whole.subarray(0, whole.length / 2), { filename: "cut.jpg" });
    const job = await client.waitForJob(jobId, { timeoutMs: 60_000 });
    assert.equal(job.status, "failed");
    assert.equal(job.error.code, "unreadable-media");
    await rejectsWith(client.download(jobId), "not-ready", 409);
  });

  test("busy carries Retry-After", async () => {
    const input = png("1920x1080");
    let busy;
    for (let round = 0; round < 5 && !busy; round++) {
      const answers = await Promise.allSettled(Array.from({ length: 4 }, () => client.optimize(input)));
      busy = answers.find((a) => a.status === "rejected")?.reason;
    }
    assert.ok(busy instanceof MediaoptError, String(busy));
    assert.equal(busy.code, "busy");
    assert.equal(busy.status, 503);
    assert.ok(Number.isInteger(busy.retryAfter) && busy.retryAfter >= 1, `retryAfter ${busy.retryAfter}`);
  });
});
