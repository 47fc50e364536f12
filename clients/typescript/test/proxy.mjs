// Proxies in front of the server under test.
import { createServer as httpServer, request } from "node:http";
import { createServer, connect } from "node:net";

/**
 * A TCP proxy to `port` that cuts every connection open once `cutAt` bytes have gone upstream, once.
 * It passes bytes on no faster than the service takes them, so that by the cut the service has read
 * all but what the sockets between hold: unbounded, a service still checking the request would
 * have read nothing, and Chromium, seeing a reused connection break before any answer, resends
 * the request whole by itself, so that the page never resumes.
 */
export async function cuttingProxy(port, cutAt) {
  const state = { upstreamBytes: 0, cutDone: false, cutAtBytes: 0 };
  const open = new Set();
  const server = createServer((client) => {
    const upstream = connect(port, "127.0.0.1");
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("data", (data) => {
      state.upstreamBytes += data.length;
      if (!state.cutDone && state.upstreamBytes >= cutAt) {
        state.cutDone = true;
        state.cutAtBytes = state.upstreamBytes;
        for (const socket of open) socket.destroy();
        upstream.destroy();
        return;
      }
      if (!upstream.write(data)) {
        client.pause();
        upstream.once("drain", () => client.resume());
      }
    });
    upstream.on("data", (data) => client.write(data));
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });
  await new Promise((listening) => server.listen(0, "127.0.0.1", listening));
  return { port: server.address().port, state, close: () => server.close() };
}

/** An HTTP proxy to `baseUrl` that answers 404 under /api/uploads, as a service without resumable uploads does. */
export function withoutUploadsProxy(baseUrl) {
  return answeringProxy(baseUrl, (req) => req.url.startsWith("/api/uploads")
    ? { status: 404, headers: {}, body: { error: "Not found", code: "not-found" } } : undefined);
}

/**
 * An HTTP proxy to `baseUrl` that answers the first `times` reads of a job with 503 `unavailable`
 * and `Retry-After: 1`, as a service whose job database is out for a while does.
 */
export async function jobDatabaseOutageProxy(baseUrl, times) {
  const state = { outages: 0 };
  const proxy = await answeringProxy(baseUrl, (req) => {
    if (req.method !== "GET" || !req.url.startsWith("/api/media/jobs/") || state.outages >= times) return undefined;
    state.outages++;
    return { status: 503, headers: { "retry-after": "1" },
      body: { error: "The job database does not answer; try again shortly", code: "unavailable" } };
  });
  return { ...proxy, state };
}

/** An HTTP proxy to `baseUrl` that answers itself where `answer(req)` gives an answer, and forwards the rest. */
async function answeringProxy(baseUrl, answer) {
  const target = new URL(baseUrl);
  const server = httpServer((req, res) => {
    const own = answer(req);
    if (own) {
      req.resume();
      res.writeHead(own.status, { "content-type": "application/json", ...own.headers }).end(JSON.stringify(own.body));
      return;
    }
    const forwarded = request({ host: target.hostname, port: target.port, path: req.url, method: req.method,
      headers: req.headers }, (upstream) => {
      res.writeHead(upstream.statusCode, upstream.headers);
      upstream.pipe(res);
    });
    req.pipe(forwarded);
  });
  await new Promise((listening) => server.listen(0, "127.0.0.1", listening));
  return { baseUrl: `http://127.0.0.1:${server.address().port}/api`, close: () => server.close() };
}
