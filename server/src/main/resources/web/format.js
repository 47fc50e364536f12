// How the page writes sizes, durations and the API's own refusal words.

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 125829120 → "120 MB" (1 KB = 1024 bytes, as the docs count). */
export function bytes(n) {
  let value = Number(n);
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} ${value === 1 ? 'byte' : 'bytes'}`;
  const digits = Math.abs(value) < 10 ? 1 : 0;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** A whole count with thousands separators. */
export function count(n) {
  return Number(n).toLocaleString('en');
}

export function seconds(s) {
  return `${Number(s).toFixed(1)} s`;
}

export function dimensions(width, height) {
  return width && height ? `${width} × ${height}` : width ? `${width} px wide` : 'unknown';
}

/**
 * The API's 413 words for a file over the size limit (ServiceException.tooLarge), so the page
 * refuses a file before uploading it exactly as the service would; WebPageTest compares them.
 */
export function tooLargeMessage(maxInputBytes) {
  return `The upload is larger than the limit of ${maxInputBytes} bytes`;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
