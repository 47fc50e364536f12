// The page: loads presets, limits and usage from the API, takes files with the options chosen,
// asks for a key on 401.
import { Api, takeTokenFromUrl } from './api.js';
import { el } from './dom.js';
import { FileCard } from './file-card.js';
import { bytes, count } from './format.js';
import { acceptFormats, chosenOptions, fieldsFor, wireOptions } from './options.js';

const $ = (id) => document.getElementById(id);

takeTokenFromUrl();
const api = new Api(askForKey);
let limits = null;

async function start() {
  wirePicking();
  wireOptions();
  // an upload token opens the upload, its job, the presets and the limits; the usage is the key's
  await Promise.all([loadPresets(), loadLimits(), api.holdsToken() ? null : loadUsage()]);
}

function wirePicking() {
  const input = $('files');
  $('pick').addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    take(input.files);
    input.value = '';
  });
  const drop = $('drop');
  for (const type of ['dragenter', 'dragover']) {
    drop.addEventListener(type, (e) => {
      e.preventDefault();
      drop.classList.add('over');
    });
  }
  for (const type of ['dragleave', 'drop']) drop.addEventListener(type, () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    take(e.dataTransfer.files);
  });
  // a file dropped beside the zone would replace the page with itself
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => e.preventDefault());
}

function take(fileList) {
  const files = Array.from(fileList);
  if (files.length === 0) return;
  $('empty').hidden = true;
  const options = chosenOptions();
  $('announce').textContent = `${files.length} ${files.length === 1 ? 'file' : 'files'} added`;
  const newestBatch = $('results').firstChild; // a batch goes on top, in the order it came
  for (const file of files) {
    const card = new FileCard(file, fieldsFor(file, options));
    $('results').insertBefore(card.element, newestBatch);
    card.run(api, limits).then((done) => done && !api.holdsToken() && loadUsage());
  }
}

async function loadPresets() {
  const select = $('preset');
  try {
    const { defaultPreset, presets } = await api.json('/api/media/presets');
    select.replaceChildren(...presets.map((p) => el('option', { value: p.name }, p.name)));
    // a preset the upload token fixes is the only one it takes
    const fixed = api.tokenFields().preset;
    select.value = fixed || defaultPreset;
    select.disabled = Boolean(fixed);
    const describe = () => {
      const chosen = presets.find((p) => p.name === select.value);
      $('preset-about').textContent = chosen ? chosen.description : '';
    };
    select.addEventListener('change', describe);
    describe();
  } catch (e) {
    $('preset-about').textContent = `Presets could not be loaded: ${e.message}`;
  }
}

async function loadLimits() {
  try {
    limits = await api.json('/api/media/limits');
    acceptFormats(limits.formats);
    const minutes = Math.round(limits.maxVideoDurationSec / 60);
    $('limits').textContent = `Up to ${bytes(limits.maxInputBytes)} per file (${count(limits.maxInputBytes)} bytes), `
      + `${count(limits.maxInputPixels / 1e6)} megapixels, videos up to ${minutes} minutes.`;
  } catch (e) {
    $('limits').textContent = `Limits could not be loaded: ${e.message}`;
  }
}

async function loadUsage() {
  try {
    const usage = await api.json('/api/usage');
    $('usage').textContent = `Since it started, this service has optimized ${count(usage.totalJobs)} `
      + `${usage.totalJobs === 1 ? 'file' : 'files'}: ${bytes(usage.totalInputBytes)} in, `
      + `${bytes(usage.totalOutputBytes)} out, ${bytes(usage.totalSavedBytes)} saved.`;
  } catch (e) {
    $('usage').textContent = `Usage could not be loaded: ${e.message}`;
  }
}

/** Shows the key form and resolves with the key once it is submitted. */
function askForKey(refused) {
  const form = $('key-form');
  const input = $('api-key');
  $('key-why').textContent = refused
    ? 'The service refused that API key. Enter a valid one.'
    : 'This service needs an API key for its API.';
  form.hidden = false;
  input.value = '';
  input.focus();
  return new Promise((resolve) => {
    const submit = (e) => {
      e.preventDefault();
      const key = input.value.trim();
      if (!key) return;
      form.removeEventListener('submit', submit);
      form.hidden = true;
      resolve(key);
    };
    form.addEventListener('submit', submit);
  });
}

start();
