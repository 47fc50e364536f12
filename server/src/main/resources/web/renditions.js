// The extra files of a done job: a list with a download for each, and previews of the
// responsive set (as the job's <picture> snippet puts it on a page), of the poster and of the
// storyboard.
import { el } from './dom.js';
import { count, dimensions } from './format.js';
import { storyboardPreview } from './storyboard.js';

/** The formats a <source> offers before the fallback, best first, as the job's snippet orders them. */
const MODERN_TYPES = ['image/avif', 'image/webp'];

/** The block shown under a done job that has renditions; the previews fill in as they load. */
export function renditionsView(api, job, name) {
  const renditions = job.result.renditions;
  const block = el('div', { className: 'renditions' });
  const headingId = `renditions-${job.jobId}`;
  block.append(el('h4', { id: headingId }, `Extra files (${renditions.length})`));
  const responsive = renditions.filter((r) => r.role === 'responsive');
  const poster = renditions.find((r) => r.role === 'poster');
  const sheet = renditions.find((r) => r.role === 'storyboard');
  const vtt = renditions.find((r) => r.role === 'storyboard-vtt');
  if (responsive.length > 0 || poster || (sheet && vtt)) {
    const previews = el('div', { className: 'previews' });
    if (responsive.length > 0) previews.append(picturePreview(api, job, responsive, name));
    if (poster) previews.append(posterPreview(api, job, poster, name));
    if (sheet && vtt) {
      const loaded = Promise.all([blobUrls(api, job, [sheet]), api.blob(route(job, vtt.name)).then((b) => b.text())])
        .then(([urls, vttText]) => ({ sheetUrl: urls.get(sheet.name), vttText }));
      previews.append(storyboardPreview(loaded, name, failed));
    }
    block.append(previews);
  }
  block.append(list(api, job, renditions, headingId));
  return block;
}

function list(api, job, renditions, headingId) {
  // a table wider than a phone scrolls inside its own box, reachable with the keyboard
  const box = el('div', { className: 'table-box', tabindex: 0, role: 'region', 'aria-labelledby': headingId });
  const table = el('table', { className: 'rendition-list' });
  const head = el('tr', {});
  for (const title of ['Name', 'Role', 'Format', 'Width × height', 'Bytes', 'File']) {
    head.append(el('th', { scope: 'col' }, title));
  }
  table.append(el('thead', {}), el('tbody', {}));
  table.tHead.append(head);
  for (const r of renditions) {
    const row = el('tr', {});
    row.append(el('th', { scope: 'row' }, r.name), el('td', {}, r.role), el('td', {}, r.format),
      el('td', {}, r.width && r.height ? dimensions(r.width, r.height) : '—'),
      el('td', { className: 'number' }, count(r.bytes)));
    const cell = el('td', {});
    cell.append(downloadLink(api, job, r.name));
    row.append(cell);
    table.tBodies[0].append(row);
  }
  box.append(table);
  return box;
}

/**
 * A link to the rendition's API route. The route may need the tab's API key, which a plain link
 * cannot send: a click fetches the file with it and saves what came back.
 */
function downloadLink(api, job, name) {
  const path = route(job, name);
  const link = el('a', { href: path, download: name }, 'Download');
  link.append(el('span', { className: 'visually-hidden' }, ` ${name}`));
  link.addEventListener('click', async (e) => {
    e.preventDefault();
    link.setAttribute('aria-busy', 'true');
    try {
      save(await api.blob(path), name);
      link.removeAttribute('title');
    } catch (error) {
      link.title = `Could not download: ${error.message}`;
    } finally {
      link.removeAttribute('aria-busy');
    }
  });
  return link;
}

function save(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = el('a', { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The responsive set as a page would show it: a <source> per modern format and the fallback in
 * the <img>, every width in srcset, sizes letting it take the width up to its widest file. The
 * files are fetched with the tab's key and shown from blobs; the caption says which one the
 * browser picked.
 */
function picturePreview(api, job, set, name) {
  const figure = el('figure', { className: 'preview', 'aria-busy': 'true' });
  const caption = el('figcaption', {}, 'Responsive set: loading…');
  figure.append(caption);
  const sorted = [...set].sort((a, b) => a.width - b.width);
  blobUrls(api, job, sorted).then((urls) => {
    const modern = MODERN_TYPES.map((type) => sorted.filter((r) => r.contentType === type));
    const fallback = sorted.filter((r) => !MODERN_TYPES.includes(r.contentType));
    const widest = (fallback.length > 0 ? fallback : sorted).at(-1);
    const sizes = `(max-width: ${widest.width}px) 100vw, ${widest.width}px`;
    const srcset = (files) => files.map((r) => `${urls.get(r.name)} ${r.width}w`).join(', ');
    const picture = el('picture', {});
    for (const files of modern.filter((f) => f.length > 0)) {
      picture.append(el('source', { type: files[0].contentType, srcset: srcset(files), sizes }));
    }
    const img = el('img', {
      src: urls.get(widest.name), srcset: srcset(fallback.length > 0 ? fallback : [widest]), sizes,
      width: widest.width, height: widest.height, alt: `${name} from its responsive set`, decoding: 'async',
    });
    picture.append(img);
    img.addEventListener('load', () => {
      const shown = sorted.find((r) => urls.get(r.name) === img.currentSrc);
      caption.textContent = shown
        ? `Responsive set: this browser picked ${shown.name} (${shown.format}, ${dimensions(shown.width, shown.height)})`
        : 'Responsive set';
      figure.removeAttribute('aria-busy');
    });
    img.addEventListener('error', () => failed(figure, caption, 'the browser could not show it'));
    figure.prepend(picture);
  }, (error) => failed(figure, caption, error.message));
  return figure;
}

function posterPreview(api, job, poster, name) {
  const figure = el('figure', { className: 'preview', 'aria-busy': 'true' });
  const caption = el('figcaption', {}, `Poster (${poster.format}, ${dimensions(poster.width, poster.height)})`);
  figure.append(caption);
  blobUrls(api, job, [poster]).then((urls) => {
    const img = el('img', {
      src: urls.get(poster.name), width: poster.width, height: poster.height, alt: `Poster of ${name}`,
    });
    img.addEventListener('load', () => figure.removeAttribute('aria-busy'));
    img.addEventListener('error', () => failed(figure, caption, 'the browser could not show it'));
    figure.prepend(img);
  }, (error) => failed(figure, caption, error.message));
  return figure;
}

function failed(figure, caption, why) {
  figure.removeAttribute('aria-busy');
  figure.classList.add('failed');
  caption.textContent = `The preview could not be loaded: ${why}`;
}

/** name → blob: URL of each file, fetched through the API with the tab's key. */
async function blobUrls(api, job, renditions) {
  const blobs = await Promise.all(renditions.map((r) => api.blob(route(job, r.name))));
  return new Map(renditions.map((r, i) => [r.name, URL.createObjectURL(blobs[i])]));
}

function route(job, name) {
  return `/api/media/jobs/${encodeURIComponent(job.jobId)}/renditions/${encodeURIComponent(name)}`;
}
