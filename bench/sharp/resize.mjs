// Renders one picture at several widths with sharp, one at a time, the way the service renders an
// image URL such as /img/<sig>/w:<width>/f:webp/q:<quality>/<source>: shrink on load to the width
// (fit, never enlarging), then WebP at the quality and effort, without metadata. Prints one JSON
// line: the CPU seconds of this process per image, after one image that warms libvips up.
// The shrink on load leaves a factor of two to the resize, as libvips' thumbnail (the service's
// render) does, so both do the same work and write the same bytes; FAST_SHRINK_ON_LOAD=1 uses
// sharp's default instead, which shrinks on load up to the whole factor (the JPEG decoded at up
// to half the size: less work, a little sharper, other bytes).
//
//   [FAST_SHRINK_ON_LOAD=1] node resize.mjs INPUT OUTPUT_DIR QUALITY EFFORT WIDTH [WIDTH...]
import sharp from 'sharp';
import { join } from 'node:path';

const [input, outDir, qualityArg, effortArg, ...widths] = process.argv.slice(2);
const fastShrinkOnLoad = process.env.FAST_SHRINK_ON_LOAD === '1';
sharp.cache(false);

function render(width, name) {
  return sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 })
    .resize({ width: Number(width), withoutEnlargement: true, fastShrinkOnLoad })
    .webp({ quality: Number(qualityArg), effort: Number(effortArg) })
    .toFile(join(outDir, `${name}.webp`));
}

await render(widths[0], 'warm');
const cpu0 = process.cpuUsage();
for (const width of widths) {
  await render(width, `sharp-${width}`);
}
const cpu = process.cpuUsage(cpu0);
console.log(JSON.stringify({
  images: widths.length,
  cpuSecondsPerImage: (cpu.user + cpu.system) / 1e6 / widths.length,
}));
