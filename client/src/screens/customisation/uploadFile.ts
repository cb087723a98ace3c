import { deleteToken, getToken } from '../../api/token';

/** Spec 02 §5 and §9: the upload limit and its message. */
export const MAX_UPLOAD_BYTES = 52_428_800;
export const TOO_LARGE = 'File is too large.';

export interface UploadOutcome {
  ok: boolean;
  /** The server's failSummary (or what went wrong on the way) when not ok. */
  failSummary?: string;
  data?: Record<string, unknown>;
}

/**
 * POST multipart (field `file`) with the session token, reporting progress.
 * XMLHttpRequest rather than fetch, for upload progress. A 403 drops the token
 * and reloads, as every other call does (spec 02 §8).
 */
export function uploadFile(url: string, file: File, onProgress?: (percent: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    const token = getToken();
    if (token) request.setRequestHeader('x-access-token', token);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status === 403) {
        deleteToken();
        window.location.reload();
        return;
      }
      let body: { validationResult?: { failSummary?: string }; data?: Record<string, unknown>; message?: string } = {};
      try {
        body = JSON.parse(request.responseText || '{}') as typeof body;
      } catch {
        // Not JSON: reported below by status.
      }
      if (request.status >= 200 && request.status < 300) resolve({ ok: true, data: body.data });
      else resolve({ ok: false, failSummary: body.validationResult?.failSummary ?? body.message ?? `The server answered ${request.status}` });
    };
    request.onerror = () => resolve({ ok: false, failSummary: 'The upload did not reach the server. Check the connection and try again.' });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
