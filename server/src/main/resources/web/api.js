// Calls the service's API as any client does, with the API key of this tab when one is needed.

const KEY_STORAGE = 'mediaopt.apiKey';

/** An error answer of the API: {error, code} and its status. */
export class ApiError extends Error {
  constructor(status, message, code, retryAfterSeconds) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class Api {
  /**
   * askForKey(refused) shows the key prompt and resolves with the key typed; refused says a key
   * was sent and the service did not take it.
   */
  constructor(askForKey) {
    this.askForKey = askForKey;
    this.pendingKey = null;
  }

  key() {
    return sessionStorage.getItem(KEY_STORAGE);
  }

  async json(path) {
    const response = await this.fetchWithKey(path);
    return response.json();
  }

  async blob(path) {
    const response = await this.fetchWithKey(path);
    return response.blob();
  }

  /** POSTs a form with XMLHttpRequest, whose upload events tell the progress (fetch's do not). */
  async upload(path, form, onProgress) {
    for (;;) {
      const sentKey = this.key();
      const { status, body, retryAfter } = await send(path, form, sentKey, onProgress);
      if (status === 401) {
        await this.keyAfterRefusal(sentKey);
        continue;
      }
      if (status < 200 || status >= 300) throw errorOf(status, body, retryAfter);
      return JSON.parse(body);
    }
  }

  async fetchWithKey(path) {
    for (;;) {
      const sentKey = this.key();
      const headers = sentKey ? { 'x-api-key': sentKey } : {};
      let response;
      try {
        response = await fetch(path, { headers, cache: 'no-store' });
      } catch {
        throw new ApiError(0, 'The service could not be reached', 'network');
      }
      if (response.status === 401) {
        await this.keyAfterRefusal(sentKey);
        continue;
      }
      if (!response.ok) throw errorOf(response.status, await response.text(), response.headers.get('Retry-After'));
      return response;
    }
  }

  /** One prompt for every call refused at the same time; all of them go on with its key. */
  async keyAfterRefusal(sentKey) {
    if (this.key() !== sentKey) return; // another call already got a new key
    if (!this.pendingKey) {
      sessionStorage.removeItem(KEY_STORAGE);
      this.pendingKey = this.askForKey(sentKey !== null).then((key) => {
        sessionStorage.setItem(KEY_STORAGE, key);
        this.pendingKey = null;
      });
    }
    await this.pendingKey;
  }
}

function send(path, form, key, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    if (key) xhr.setRequestHeader('x-api-key', key);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) onProgress(Math.round((100 * e.loaded) / e.total));
    });
    xhr.addEventListener('load', () => resolve({
      status: xhr.status, body: xhr.responseText, retryAfter: xhr.getResponseHeader('Retry-After'),
    }));
    xhr.addEventListener('error', () => reject(new ApiError(0, 'The upload was cut off or the service could not be reached', 'network')));
    xhr.send(form);
  });
}

function errorOf(status, body, retryAfter) {
  let parsed = {};
  try {
    parsed = JSON.parse(body);
  } catch {
    // not the API's JSON (a proxy's page): say what status came back
  }
  const message = parsed.error || `The service answered ${status}`;
  return new ApiError(status, message, parsed.code || 'http-' + status, retryAfter ? Number(retryAfter) : undefined);
}
