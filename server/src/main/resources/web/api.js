// Calls the service's API as any client does, with the API key of this tab when one is needed,
// or an upload token in its place (typed in the key field, or given as ?token= in the page's URL).

const KEY_STORAGE = 'mediaopt.apiKey';
/** An upload token (base64url claims, a dot, a base64url signature), as the service tells it from a key. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{43}$/;

/** Takes a token from the page's URL into the tab, and out of the address bar and history. */
export function takeTokenFromUrl() {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  sessionStorage.setItem(KEY_STORAGE, token.trim());
  url.searchParams.delete('token');
  history.replaceState(null, '', url);
}

/** The headers that carry the tab's key, or its upload token in place of a key. */
function credentialHeaders(key) {
  if (!key) return {};
  return TOKEN_SHAPE.test(key) ? { Authorization: `Bearer ${key}` } : { 'x-api-key': key };
}

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

  /** The form's fields the tab's upload token fixes (its claims are signed, not secret); none for a key. */
  tokenFields() {
    if (!this.holdsToken()) return {};
    try {
      const claims = this.key().split('.')[0].replace(/-/g, '+').replace(/_/g, '/');
      return JSON.parse(atob(claims)).fields || {};
    } catch {
      return {};
    }
  }

  /** Whether the tab holds an upload token rather than a key: it may upload once and follow that job, nothing else. */
  holdsToken() {
    return TOKEN_SHAPE.test(this.key() || '');
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

  /**
   * Sends a file with tus (resumable) to /api/uploads, in pieces, picking up from the offset the
   * service reports after a dropped connection. Resolves with {jobId} as upload() does.
   */
  async uploadResumable(file, fields, onProgress) {
    for (;;) {
      const sentKey = this.key();
      try {
        return await sendResumable(file, fields, sentKey, onProgress);
      } catch (e) {
        if (e.status !== 401) throw e;
        await this.keyAfterRefusal(sentKey);
      }
    }
  }

  async fetchWithKey(path) {
    for (;;) {
      const sentKey = this.key();
      const headers = credentialHeaders(sentKey);
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
    for (const [name, value] of Object.entries(credentialHeaders(key))) xhr.setRequestHeader(name, value);
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

// Retry waits, in ms, after a failed request: about a minute and a half in all, reset whenever
// bytes get through, so a phone that walks out of coverage for a while still finishes.
const RESUMABLE_RETRY_DELAYS = [0, 1000, 2000, 3000, 5000, 8000, 10000, 10000, 15000, 15000, 15000];
const RESUMABLE_CHUNK_BYTES = 5 * 1024 * 1024;

function sendResumable(file, fields, key, onProgress) {
  return new Promise((resolve, reject) => {
    const upload = new globalThis.tus.Upload(file, {
      endpoint: '/api/uploads',
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: RESUMABLE_RETRY_DELAYS,
      metadata: { ...fields, filename: file.name },
      headers: credentialHeaders(key),
      // tus-js-client gives up at once while the browser says it is offline; wait it out instead
      onShouldRetry: (error) => worthRetrying(statusOf(error)),
      onProgress: (sent, total) => onProgress(Math.round((100 * sent) / total)),
      onSuccess: ({ lastResponse }) => {
        const jobId = lastResponse.getHeader('x-service-job-id');
        if (jobId) resolve({ jobId });
        else reject(new ApiError(0, 'The upload ended without a job', 'no-job'));
      },
      onError: (error) => {
        const response = error.originalResponse;
        if (!response) {
          reject(new ApiError(0, 'The upload was cut off or the service could not be reached', 'network'));
          return;
        }
        reject(errorOf(response.getStatus(), response.getBody(), response.getHeader('Retry-After')));
      },
    });
    upload.start();
  });
}

function statusOf(error) {
  return error.originalResponse ? error.originalResponse.getStatus() : 0;
}

/** A lost connection, a server error, or a PATCH at an offset the service moved past: try again. */
function worthRetrying(status) {
  return status === 0 || (status >= 500 && status !== 503) || status === 409 || status === 423;
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
