// Reads the format and the pixel size of an encoded picture from its own header: JPEG (SOF
// marker), PNG (IHDR), WebP (VP8, VP8L, VP8X) and AVIF (the ispe property), so a test checks
// what the bytes say rather than what the server's headers claim.
export function imageHeader(bytes) {
  const b = Buffer.from(bytes);
  if (b[0] === 0xff && b[1] === 0xd8) return { format: "jpeg", ...jpegSize(b) };
  if (b.subarray(1, 4).toString("latin1") === "PNG") return { format: "png", width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP") {
    return { format: "webp", ...webpSize(b) };
  }
  if (b.subarray(4, 12).toString("latin1") === "ftypavif") {
    const at = b.indexOf("ispe", 0, "latin1");
    return { format: "avif", width: b.readUInt32BE(at + 8), height: b.readUInt32BE(at + 12) };
  }
  throw new Error(`not a picture this reader knows: ${b.subarray(0, 16).toString("hex")}`);
}

function jpegSize(b) {
  for (let at = 2; at < b.length;) {
    const marker = b[at + 1];
    const length = b.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error("a JPEG without a frame header");
}

function webpSize(b) {
  const chunk = b.subarray(12, 16).toString("latin1");
  if (chunk === "VP8 ") return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
}
