import type { ImageItem } from '@devstay/shared/contracts/common';
import { CSRF_HEADER } from '@devstay/shared/http';
import { ApiError, apiUrl, NETWORK_ERROR_MESSAGE } from '../../../lib/api.ts';

/** The multipart field POST /images reads its files from. */
const UPLOAD_FIELD = 'file';

function failure(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as {
      message?: unknown;
      field?: string;
      code?: never;
    };
    if (typeof body.message === 'string' && body.message) {
      return new ApiError(xhr.status, body.message, body.field, body.code);
    }
  } catch {
    // Not an error body: described by the status below.
  }
  const reason = xhr.statusText ? `: ${xhr.statusText}` : '';
  return new ApiError(xhr.status, `The server answered ${xhr.status}${reason}`);
}

/**
 * POST /images with one file (multipart): resolves to the stored picture ({url, public_id}),
 * reporting the bytes sent as they go (fetch cannot report an upload's progress; XHR can).
 * A refusal rejects with the server's message (wrong type, too large...).
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImageItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/images'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, 'fetch');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failure(xhr));
      try {
        const body = JSON.parse(xhr.responseText) as ImageItem[] | ImageItem;
        const image = Array.isArray(body) ? body[0] : body;
        if (!image?.url || !image.public_id) throw new Error('no picture in the answer');
        onProgress(1);
        resolve(image);
      } catch {
        reject(new ApiError(xhr.status, 'The server did not answer with the stored picture'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}
