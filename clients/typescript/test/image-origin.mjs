// The origin of the pictures the /img/ tests ask the service for, on a free port of 127.0.0.1:
// `/photo.jpg` answers the photo (and counts in `fetched`), `/` the page `page()` writes.
import { createServer } from "node:http";

export async function startImageOrigin(photo, page = () => "") {
  const origin = { fetched: 0 };
  const server = createServer((request, response) => {
    if (request.url === "/photo.jpg") {
      origin.fetched++;
      return response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": photo.length }).end(photo);
    }
    if (request.url === "/") return response.writeHead(200, { "Content-Type": "text/html" }).end(page());
    return response.writeHead(404).end();
  });
  await new Promise((listening) => server.listen(0, "127.0.0.1", listening));
  origin.url = `http://127.0.0.1:${server.address().port}`;
  origin.photoUrl = `${origin.url}/photo.jpg`;
  origin.close = () => server.close();
  return origin;
}
