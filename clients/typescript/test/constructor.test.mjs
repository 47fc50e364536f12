import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { MediaoptClient, MediaoptError } from "../dist/index.js";
import { startServer } from "./server.mjs";

const EXPECTED = /^Expected a base URL string or \{ baseUrl, apiKey \} for MediaoptClient but received /;

describe("the constructor", () => {
  let server;
  before(async () => {
    server = await startServer({ SERVICE_API_KEYS: "ctor-key" });
  });
  after(() => server?.stop());

  test("takes the base URL as a string with options, or as { baseUrl, apiKey, fetch }", async () => {
    const calls = [];
    const counting = (url, init) => {
      calls.push(String(url));
      return fetch(url, init);
    };
    const fromString = new MediaoptClient(server.baseUrl + "/", { apiKey: "ctor-key", fetch: counting });
    const fromObject = new MediaoptClient({ baseUrl: server.baseUrl + "/", apiKey: " ctor-key ", fetch: counting });
    for (const client of [fromString, fromObject]) {
      assert.equal(client.baseUrl, server.baseUrl);
      assert.equal(typeof (await client.getUsage()).totalJobs, "number", "the key was sent");
    }
    assert.deepEqual(calls, [server.baseUrl + "/usage", server.baseUrl + "/usage"], "both went through the given fetch");
  });

  test("without a key either form is refused by a service that asks for one", async () => {
    for (const client of [new MediaoptClient(server.baseUrl), new MediaoptClient({ baseUrl: server.baseUrl })]) {
      await assert.rejects(client.getUsage(), (error) => error instanceof MediaoptError && error.status === 401);
    }
  });

  test("the object's own options win over a second argument's", async () => {
    const client = new MediaoptClient({ baseUrl: server.baseUrl, apiKey: "ctor-key" }, { apiKey: "other" });
    assert.equal(typeof (await client.getUsage()).totalJobs, "number");
  });

  test("a wrong argument is a TypeError that says what was expected and what it got", () => {
    const cases = [
      [42, "number 42"],
      [null, "null"],
      [undefined, "undefined"],
      [true, "boolean true"],
      [[server.baseUrl], "an array"],
      [{}, "an object without baseUrl (keys: none)"],
      [{ apiKey: "ctor-key" }, "an object without baseUrl (keys: apiKey)"],
      [{ baseUrl: 8080 }, "an object whose baseUrl is a number"],
      [{ baseUrl: null }, "an object whose baseUrl is null"],
      [() => server.baseUrl, "a function"],
    ];
    for (const [argument, described] of cases) {
      assert.throws(() => new MediaoptClient(argument), (error) => {
        assert.ok(error instanceof TypeError, String(error));
        assert.match(error.message, EXPECTED);
        assert.ok(error.message.endsWith("received " + described), error.message);
        return true;
      });
    }
  });

  test("a base URL string that is no API root is refused alike in either form", () => {
    for (const bad of ["http://127.0.0.1:8080", "ftp://host/api", ""]) {
      assert.throws(() => new MediaoptClient(bad), /Expected a base URL ending in \/api/);
      assert.throws(() => new MediaoptClient({ baseUrl: bad }), /Expected a base URL ending in \/api/);
    }
  });
});
