// The storyboard of a done video as a player's seek bar shows it: pointing at a moment on the
// bar (or moving it with the keys) shows that moment's tile of the sheet, as the storyboard's
// WebVTT places it (#xywh=x,y,w,h), the way Video.js, Plyr, Vidstack and JW Player read it.
import { el } from './dom.js';

const CUE_TIME = /^(?:(\d+):)?(\d\d):(\d\d)\.(\d{3})\s+-->\s+(?:(\d+):)?(\d\d):(\d\d)\.(\d{3})/;
const TILE = /#xywh=(\d+),(\d+),(\d+),(\d+)$/;

/** The cues of a storyboard WebVTT: {start, end} in seconds and the tile {x, y, w, h} in pixels. */
export function storyboardCues(text) {
  const cues = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => CUE_TIME.test(line));
    const tile = timing >= 0 ? TILE.exec(lines[timing + 1] ?? '') : null;
    if (!tile) continue;
    const t = CUE_TIME.exec(lines[timing]).slice(1).map((v) => Number(v ?? 0));
    const [x, y, w, h] = tile.slice(1).map(Number);
    cues.push({ start: t[0] * 3600 + t[1] * 60 + t[2] + t[3] / 1000, end: t[4] * 3600 + t[5] * 60 + t[6] + t[7] / 1000,
      x, y, w, h });
  }
  return cues;
}

/** m:ss of a time in seconds. */
function clock(s) {
  const whole = Math.floor(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A figure with a seek bar over the video's length and the tile of the moment pointed at.
 * loaded: a promise of {sheetUrl, vttText}; failed(figure, caption, why) shows a failure.
 */
export function storyboardPreview(loaded, name, failed) {
  const figure = el('figure', { className: 'preview storyboard', 'aria-busy': 'true' });
  const caption = el('figcaption', {}, 'Storyboard: loading…');
  figure.append(caption);
  loaded.then(({ sheetUrl, vttText }) => {
    const cues = storyboardCues(vttText);
    if (cues.length === 0) throw new Error('its WebVTT names no tile');
    const duration = cues.at(-1).end;
    const tile = el('div', { className: 'storyboard-tile', role: 'img' });
    tile.style.backgroundImage = `url("${sheetUrl}")`;
    const bar = el('input', {
      type: 'range', min: 0, max: duration, step: 'any', value: 0, 'aria-label': `Seek preview of ${name}`,
    });
    const show = (time) => {
      const cue = cues.find((c) => time < c.end) ?? cues.at(-1);
      tile.style.width = `${cue.w}px`;
      tile.style.height = `${cue.h}px`;
      tile.style.backgroundPosition = `-${cue.x}px -${cue.y}px`;
      tile.setAttribute('aria-label', `${name} at ${clock(time)}`);
      caption.textContent = `Storyboard: ${clock(time)} of ${clock(duration)} (${cues.length} tiles)`;
    };
    bar.addEventListener('pointermove', (e) => {
      const box = bar.getBoundingClientRect();
      show(Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)) * duration);
    });
    bar.addEventListener('pointerleave', () => show(Number(bar.value)));
    bar.addEventListener('input', () => show(Number(bar.value)));
    show(0);
    figure.prepend(tile, bar);
    figure.removeAttribute('aria-busy');
  }).catch((error) => failed(figure, caption, error.message));
  return figure;
}
