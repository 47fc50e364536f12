// The options sent with each file: the preset, the extra files (renditions) and the poster's time.

const $ = (id) => document.getElementById(id);

/** The renditions the API makes, each for one kind of media (docs/api.md, "Renditions"). */
const RENDITIONS = [
  { name: 'responsive', kind: 'image' },
  { name: 'poster', kind: 'video' },
  { name: 'hls', kind: 'video' },
];

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'heic', 'heif', 'tif', 'tiff', 'bmp', 'jxl', 'svg']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'mpg', 'mpeg', '3gp', 'ogv']);

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
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  return null;
}
