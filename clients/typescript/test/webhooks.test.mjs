import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import { MediaoptClient, verifyWebhook, WebhookVerificationError } from "../dist/index.js";
import { png, startServer } from "./server.mjs";

const SECRET = "whsec_" + Buffer.from("a webhook key of more than 24 bytes").toString("base64");

/** A Node backend's webhook route: records each call's headers and raw body, answers 204. */
function startReceiver() {
  const calls = [];
  const waiting = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      calls.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
      waiting.splice(0).forEach((wake) => wake());
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({
    url: `http://127.0.0.1:${server.address().port}/hooks/media`,
    calls,
    async next() {
      while (calls.length === 0) await new Promise((wake) => waiting.push(wake));
      return calls.shift();
    },
    close: () => new Promise((done) => server.close(done)),
  })));
}

describe("callbacks in the Standard Webhooks format", () => {
  let service;
  let receiver;
  before(async () => {
    service = await startServer({ SERVICE_WEBHOOK_SECRET: SECRET, SERVICE_WEBHOOK_ALLOW_HTTP: "true",
      SERVICE_WEBHOOK_ALLOW_PRIVATE: "true" });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver?.close();
    await service?.stop();
  });

  test("a job's end is received and verified by verifyWebhook and by the standardwebhooks library", async () => {
    const client = new MediaoptClient(service.baseUrl);
    const { jobId } = await client.submitJob(png(), { filename: "hook.png", callbackUrl: receiver.url });
    const call = await receiver.next();
    assert.equal(call.path, "/hooks/media");
    assert.equal(call.headers["webhook-id"], `${jobId}.done`);
    assert.match(call.headers["webhook-signature"], /^v1,[A-Za-z0-9+/]+=*$/);
    assert.equal(call.headers["x-service-event"], "job.done");

    const job = await verifyWebhook(SECRET, call.headers, call.body);
    assert.equal(job.jobId, jobId);
    assert.equal(job.status, "done");
    assert.equal(job.callback, undefined);
    const fromHeaders = await verifyWebhook(SECRET, new Headers(call.headers), new Uint8Array(call.body).buffer);
    assert.deepEqual(fromHeaders, job);
    assert.deepEqual(new Webhook(SECRET).verify(call.body.toString("utf8"), call.headers), job);
  });

  test("a changed body, another secret or an old call is refused", async () => {
    const client = new MediaoptClient(service.baseUrl);
    await client.submitJob(png(), { callbackUrl: receiver.url });
    const call = await receiver.next();
    const other = "whsec_" + Buffer.from("another webhook key, 24+ bytes long").toString("base64");
    const changed = Buffer.from(call.body.toString("utf8").replace('"done"', '"failed"'));
    const refused = { name: "WebhookVerificationError" };
    await assert.rejects(verifyWebhook(SECRET, call.headers, changed), refused);
    await assert.rejects(verifyWebhook(other, call.headers, call.body), refused);
    await assert.rejects(verifyWebhook(SECRET, { ...call.headers, "webhook-id": "x" }, call.body), refused);
    await assert.rejects(verifyWebhook(SECRET, call.headers, call.body, { now: Date.now() + 301_000 }),
      WebhookVerificationError);
    assert.throws(() => new Webhook(other).verify(call.body.toString("utf8"), call.headers));
  });
});
