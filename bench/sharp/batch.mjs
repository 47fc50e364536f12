// Runs one batch of image optimizations with sharp, in this process, the way the service does
// them for a preset: shrink on load to a width (never enlarging, no rotation, failing on decode
// errors), then WebP at a quality and effort, without metadata. Prints one JSON line: images
// per second, latency percentiles, CPU seconds per image (this process) and peak RSS.
//
//   node batch.mjs INPUT OUTPUT_DIR COUNT IN_FLIGHT WIDTH QUALITY EFFORT ANIMATED(true|false)
//
// sharp's operation cache is off, as the service's is: every upload is a new file.
import sharp from 'sharp';
import { join } from 'node:path';

const [input, outDir, countArg, inFlightArg, widthArg, qualityArg, effortArg, animatedArg] = process.argv.slice(2);
const count = Number(countArg);
const inFlight = Number(inFlightArg);
const animated = animatedArg === 'true';
sharp.cache(false);

function optimize(i) {
  return sharp(input, { animated, failOn: 'error', limitInputPixels: 100_000_000 })
    .resize({ width: Number(widthArg), withoutEnlargement: true })
    .webp({ quality: Number(qualityArg), effort: Number(effortArg) })
    .toFile(join(outDir, `sharp-${i}.webp`));
}

const latencies = [];
let next = 0;
async function worker() {
  for (let i; (i = next++) < count;) {
    const t0 = process.hrtime.bigint();
    await optimize(i);
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
}

// one image per worker first: the first call of a pipeline sets up libvips' operation types
await Promise.all(Array.from({ length: inFlight }, (_, i) => optimize(`warm-${i}`)));

const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
await Promise.all(Array.from({ length: inFlight }, worker));
const wall = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);
latencies.sort((a, b) => a - b);
const rank = (p) => latencies[Math.max(0, Math.ceil(p * latencies.length) - 1)];
console.log(JSON.stringify({
  imagesPerSecond: count / wall,
  p50: rank(0.5),
  p95: rank(0.95),
  cpuSecondsPerImage: (cpu.user + cpu.system) / 1e6 / count,
  peakRssKib: process.resourceUsage().maxRSS,
  threadsPerImage: sharp.concurrency(),
  versions: { sharp: sharp.versions.sharp, vips: sharp.versions.vips },
}));
