// One picked file: its upload, its job, and its result with a before/after comparison and the
// extra files it asked for.
import { ApiError } from './api.js';
import { el } from './dom.js';
import { renditionsView } from './renditions.js';
import { bytes, count, dimensions, seconds, sleep, tooLargeMessage } from './format.js';

const POLL_FIRST_MS = 300;
const POLL_MAX_MS = 1500;
const BUSY_RETRIES = 5;
/** Larger files go with tus, in pieces that survive a dropped connection; smaller in one POST. */
const RESUMABLE_FROM_BYTES = 10 * 1024 * 1024;

let cards = 0;

export class FileCard {
  /** fields: the form's text fields for this file, {preset, renditions?, posterTime?}. */
  constructor(file, fields) {
    this.file = file;
    this.fields = fields;
    const id = `file-${++cards}`;
    this.element = el('li', { className: 'card', id, 'aria-labelledby': `${id}-name` });
    const title = el('h3', { id: `${id}-name`, className: 'name' }, file.name);
    const asked = fields.renditions ? ` · ${fields.renditions.split(',').join(', ')}` : '';
    const at = fields.posterTime ? ` at ${fields.posterTime} s` : '';
    const about = el('p', { className: 'about' }, `${bytes(file.size)} · preset ${fields.preset}${asked}${at}`);
    this.status = el('p', { className: 'status', role: 'status', 'aria-live': 'polite' }, 'Waiting to upload');
    this.progress = el('progress', { max: 100, 'aria-label': `Progress of ${file.name}` });
    this.element.append(title, about, this.status, this.progress);
  }

  /** Uploads the file as a job, follows it to its end and shows the result; never throws. */
  async run(api, limits) {
    try {
      if (limits && this.file.size > limits.maxInputBytes) {
        throw new ApiError(413, tooLargeMessage(limits.maxInputBytes), 'too-large');
      }
      const submitted = await this.submit(api);
      const job = await this.follow(api, submitted.jobId);
      if (api.holdsToken()) {
        // an upload token reads its job's status only; the output is the key holder's to fetch
        this.showDone(job);
        return true;
      }
      this.show('Fetching the result', null);
      const output = await api.blob(`/api/media/jobs/${encodeURIComponent(job.jobId)}/download`);
      this.showResult(job, output, api);
      return true;
    } catch (e) {
      this.showFailure(e);
      return false;
    }
  }

  async submit(api) {
    const onProgress = (percent) => this.show(`Uploading ${percent} %`, percent);
    const send = this.file.size > RESUMABLE_FROM_BYTES
      ? () => api.uploadResumable(this.file, this.fields, onProgress)
      : () => api.upload('/api/media/jobs', formOf(this.file, this.fields), onProgress);
    for (let attempt = 0; ; attempt++) {
      this.show('Uploading 0 %', 0);
      try {
        return await send();
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== 'busy' || attempt >= BUSY_RETRIES) throw e;
        const wait = e.retryAfterSeconds || 2;
        this.show(`The service is busy; trying again in ${wait} s`, null);
        await sleep(wait * 1000);
      }
    }
  }

  async follow(api, jobId) {
    let delay = POLL_FIRST_MS;
    for (;;) {
      const job = await api.json(`/api/media/jobs/${encodeURIComponent(jobId)}`);
      if (job.status === 'done') return job;
      if (job.status === 'failed') throw new ApiError(200, job.error.message, job.error.code);
      if (job.status === 'processing') {
        const percent = typeof job.progress === 'number' ? Math.round(job.progress) : null;
        this.show(percent === null ? 'Encoding' : `Encoding ${percent} %`, percent);
      } else {
        this.show('Queued, waiting for an encoder', null);
      }
      await sleep(delay);
      delay = Math.min(POLL_MAX_MS, delay * 1.5);
    }
  }

  /** The status line and the bar; a null percent makes the bar indeterminate. */
  show(text, percent) {
    if (this.status.textContent !== text) this.status.textContent = text;
    if (percent === null) this.progress.removeAttribute('value');
    else this.progress.value = percent;
  }

  showFailure(error) {
    this.progress.remove();
    this.element.classList.add('failed');
    this.status.textContent = `Failed: ${error.message}`;
    if (error.code) this.status.append(' ', el('code', {}, `(${error.code})`));
  }

  showDone(job) {
    const result = job.result;
    this.progress.remove();
    this.element.classList.add('done');
    this.status.textContent = result.savedBytes > 0
      ? `Done: ${result.savedPercent} % smaller`
      : 'Done: the original was already as small as this preset makes it';
  }

  showResult(job, output, api) {
    const result = job.result;
    this.showDone(job);
    const beforeUrl = URL.createObjectURL(this.file);
    const afterUrl = URL.createObjectURL(output);
    const view = result.kind === 'video'
      ? videos(beforeUrl, afterUrl, this.file.name)
      : comparison(beforeUrl, afterUrl, result, this.file.name);
    const link = el('a', { className: 'button download', href: afterUrl, download: result.filename },
      `Download ${result.filename}`);
    link.append(el('span', { className: 'size' }, ` (${bytes(result.outputBytes)})`));
    const summary = el('div', { className: 'summary' });
    summary.append(facts(job), link);
    this.element.append(view, summary);
    if (result.renditions && result.renditions.length > 0) {
      this.element.append(renditionsView(api, job, this.file.name));
    }
  }
}

function formOf(file, fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('media', file, file.name);
  return form;
}

function facts(job) {
  const r = job.result;
  const rows = [
    ['Before', `${bytes(job.inputBytes)} (${count(job.inputBytes)} bytes)`],
    ['After', `${bytes(r.outputBytes)} (${count(r.outputBytes)} bytes)`],
    ['Saved', `${r.savedPercent} % (${bytes(r.savedBytes)})`],
    ['Dimensions', `${dimensions(r.inputWidth, r.inputHeight)} → ${dimensions(r.outputWidth, r.outputHeight)}`],
    ['Strategy', r.strategy],
  ];
  if (r.inputDurationSec != null) {
    rows.push(['Duration', `${seconds(r.inputDurationSec)} → ${seconds(r.outputDurationSec)}`]);
  }
  if (job.completedAt && job.createdAt) rows.push(['Took', seconds((job.completedAt - job.createdAt) / 1000)]);
  rows.push(['Job', job.jobId]);
  const list = el('dl', { className: 'facts' });
  for (const [name, value] of rows) list.append(el('dt', {}, name), el('dd', {}, value));
  return list;
}

/** Before and after at the same size, one over the other; the slider moves the divide. */
function comparison(beforeUrl, afterUrl, result, name) {
  const figure = el('figure', { className: 'compare' });
  const frame = el('div', { className: 'frame' });
  if (result.outputWidth && result.outputHeight) {
    frame.style.aspectRatio = `${result.outputWidth} / ${result.outputHeight}`;
  }
  const before = el('img', { className: 'before', src: beforeUrl, alt: `${name} before optimizing` });
  const after = el('img', { className: 'after', src: afterUrl, alt: `${name} after optimizing` });
  before.addEventListener('error', () => frame.classList.add('no-before'));
  frame.append(before, after, el('span', { className: 'tag tag-before', 'aria-hidden': 'true' }, 'Before'),
    el('span', { className: 'tag tag-after', 'aria-hidden': 'true' }, 'After'));
  const slider = el('input', {
    type: 'range', min: 0, max: 100, value: 50, className: 'split',
    'aria-label': `Divide between before (left) and after (right) of ${name}`,
  });
  const move = () => frame.style.setProperty('--split', `${slider.value}%`);
  slider.addEventListener('input', move);
  move();
  figure.append(frame, slider, el('figcaption', {}, 'Before on the left, after on the right: move the slider to compare.'));
  return figure;
}

function videos(beforeUrl, afterUrl, name) {
  const pair = el('div', { className: 'players' });
  for (const [label, url] of [['Before', beforeUrl], ['After', afterUrl]]) {
    const figure = el('figure', {});
    const video = el('video', { controls: true, preload: 'auto', src: url, 'aria-label': `${name} ${label.toLowerCase()} optimizing` });
    figure.append(video, el('figcaption', {}, label));
    pair.append(figure);
  }
  return pair;
}
