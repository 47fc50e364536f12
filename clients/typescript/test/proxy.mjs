// Proxies in front of the server under test.
import { createServer as httpServer, request } from "node:http";
import { createServer, connect } from "node:net";

/** A TCP proxy to `port` that cuts every connection open once `cutAt` bytes have gone upstream, once. */
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
      upstream.write(data);
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
export async function withoutUploadsProxy(baseUrl) {
  const target = new URL(baseUrl);
  const server = httpServer((req, res) => {
    if (req.url.startsWith("/api/uploads")) {
      req.resume();
      res.writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "Not found", code: "not-found" }));
      return;
    }
    const forwarded = request({ host: target.hostname, port: target.port, path: req.url, method: req.method,
      headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forwarded);
  });
  await new Promise((listening) => server.listen(0, "127.0.0.1", listening));
  return { baseUrl: `http://127.0.0.1:${server.address().port}/api`, close: () => server.close() };
}
