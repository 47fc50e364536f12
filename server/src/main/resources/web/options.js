// The options sent with each file: the preset, the extra files (renditions) and the poster's time.

const $ = (id) => document.getElementById(id);

/** The renditions the API makes, each for one kind of media (docs/api-renditions.md, "Renditions"). */
const RENDITIONS = [
  { name: 'responsive', kind: 'image' },
  { name: 'sources', kind: 'video' },
  { name: 'poster', kind: 'video' },
  { name: 'hls', kind: 'video' },
  { name: 'storyboard', kind: 'video' },
];

/** Extension → 'image' or 'video', from the accepted formats the API lists (GET /api/media/limits). */
const kindOfExtension = new Map();

/** Learns the accepted formats' extensions from the API's limits. */
export function acceptFormats(formats) {
  kindOfExtension.clear();
  for (const format of formats) {
    for (const extension of format.extensions) kindOfExtension.set(extension, format.kind);
  }
}

/** The poster's time only makes sense, and is only accepted, with a poster. */
export function wireOptions() {
  const poster = $('rendition-poster');
  const time = $('poster-time');
  const follow = () => {
    time.disabled = !poster.checked;
  };
  poster.addEventListener('change', follow);
  follow();
}

/** What the form says now; a batch of files keeps the options it was taken with. */
export function chosenOptions() {
  return {
    preset: $('preset').value || 'web',
    renditions: RENDITIONS.filter((r) => $(`rendition-${r.name}`).checked),
    posterTime: $('poster-time').value.trim(),
  };
}

/**
 * The form fields for one file: the renditions its kind has (the API refuses a poster of a
 * photo), all of them when the page cannot tell its kind, so the API's answer says why.
 */
export function fieldsFor(file, options) {
  const kind = kindOf(file);
  const names = options.renditions.filter((r) => kind === null || r.kind === kind).map((r) => r.name);
  const fields = { preset: options.preset };
  if (names.length > 0) fields.renditions = names.join(',');
  if (names.includes('poster') && options.posterTime !== '') fields.posterTime = options.posterTime;
  return fields;
}

/** 'image', 'video' or null, from the type the browser gives or else the name's extension. */
function kindOf(file) {
  const type = file.type.split('/')[0];
  if (type === 'image' || type === 'video') return type;
  const extension = file.name.includes('.') ? file.name.split('.').pop().toLowerCase() : '';
  return kindOfExtension.get(extension) ?? null;
}
