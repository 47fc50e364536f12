// Starts the server jar the build made (server/target/mediaopt-server.jar) on a free port of
// 127.0.0.1 with its own temporary store, and makes the media the tests upload with ffmpeg.
import { spawn, execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const jar = process.env.MEDIAOPT_SERVER_JAR ?? join(root, "server/target/mediaopt-server.jar");

/**
 * Settings of the servers test/run.mjs starts once for every file that asks for them by name
 * ({@link sharedServer}): files whose checks only read their own jobs share one, files that set
 * their own keys, limits or counters they compare start theirs.
 */
export const SHARED = { plain: {}, oneWorker: { SERVICE_WORKERS: "1" } };

/** Where run.mjs tells the test files which shared servers it started: `{ name: { baseUrl, logFile } }`. */
export const SHARED_SERVERS = "MEDIAOPT_SHARED_SERVERS";

/**
 * The server run.mjs started with the settings `SHARED[name]`, whose `stop()` leaves it to the
 * next file; a file run on its own (`node --test file`) starts its own server with those settings.
 */
export async function sharedServer(name) {
  const started = JSON.parse(process.env[SHARED_SERVERS] ?? "{}")[name];
  if (!started) return startServer(SHARED[name]);
  return { baseUrl: started.baseUrl, log: () => readFileSync(started.logFile, "utf8"), async stop() {} };
}

/** A running server; `stop()` ends it and removes its store. Its output also goes to `logFile` if given. */
export async function startServer(env = {}, logFile = undefined) {
  const store = mkdtempSync(join(tmpdir(), "mediaopt-ts-"));
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin/java") : "java";
  const child = spawn(java, ["--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
    "-Xmx256m", "-jar", jar], {
    env: { ...process.env, MALLOC_ARENA_MAX: "1", PORT: "0", SERVICE_HOST: "127.0.0.1", SERVICE_OUTPUT_DIR: store, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const port = await new Promise((resolvePort, reject) => {
    // a bound for a start that hangs, not a measure: with two test files at once on a busy
    // 2-core machine a start took over a minute
    const timer = setTimeout(() => {
      // a server left running would keep this file's process, and so the whole run, waiting
      child.kill("SIGKILL");
      reject(new Error(`the server did not start in 180 s:\n${log}`));
    }, 180_000);
    const read = (chunk) => {
      log += chunk;
      if (logFile) appendFileSync(logFile, chunk);
      const match = /mediaopt listening on http:\/\/[^:]+:(\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${log}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(store, { recursive: true, force: true });
    },
  };
}

const media = mkdtempSync(join(tmpdir(), "mediaopt-ts-media-"));
process.on("exit", () => rmSync(media, { recursive: true, force: true }));

/** Bytes of a file ffmpeg makes from its test source with these output arguments. */
export function made(name, ...args) {
  const path = join(media, name);
  execFileSync("ffmpeg", ["-v", "error", "-y", ...args, path]);
  return new Uint8Array(readFileSync(path));
}

export const png = (size = "320x240") => made(`test-${size}.png`, "-f", "lavfi", "-i", `testsrc=size=${size}`, "-frames:v", "1");
export const jpeg = () => made("test.jpg", "-f", "lavfi", "-i", "testsrc=size=320x240", "-frames:v", "1");
export const mp4 = () => made("test.mp4", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-t", "6",
  "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast");
