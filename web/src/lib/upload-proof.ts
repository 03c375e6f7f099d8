import { MAX_UPLOAD_BYTES, type UploadedFile } from '@domain/uploads';
import { texts } from '@/config/texts';
import { ApiError, apiErrorFromResponse, networkError } from '@/lib/api-error';

/** The browser's pre-check of the server's limit (the server refuses more with 413 anyway). */
export const PROOF_MAX_BYTES = MAX_UPLOAD_BYTES;
export const PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export type { UploadedFile };

/**
 * POST /api/uploads (multipart field `file`). XMLHttpRequest rather than fetch because only it
 * reports upload progress, which matters on a slow phone connection. 413/415 carry the server's
 * Spanish message; the server checks the real content type, the browser only pre-checks.
 */
export function uploadProof(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = async () => {
      const response = new Response(xhr.responseText || null, { status: xhr.status });
      if (xhr.status < 200 || xhr.status >= 300) return reject(await apiErrorFromResponse(response));
      try {
        resolve(JSON.parse(xhr.responseText) as UploadedFile);
      } catch {
        reject(new ApiError(xhr.status, 'INVALID_RESPONSE', texts.network.unexpectedResponse));
      }
    };
    signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
