/** The upload errors of spec §8 (message keys of the `upload` namespace). */
export type UploadErrorCode =
  | 'failed'
  | 'network'
  | 'status'
  | 'sessionUrl'
  | 'quota'
  | 'canceled'
  | 'expired'
  | 'suspended';

export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    readonly status?: number,
    message?: string,
  ) {
    super(message ?? defaultMessage(code, status));
    this.name = 'UploadError';
  }
}

/** The English texts of spec §8 (the screen shows the translated key). */
export function defaultMessage(code: UploadErrorCode, status?: number): string {
  switch (code) {
    case 'network':
      return 'Network error during upload';
    case 'status':
      return `Upload failed with status ${status ?? 0}`;
    case 'sessionUrl':
      return 'Failed to get resumable upload URL';
    case 'quota':
      return 'Not enough free space in your Google Drive';
    case 'canceled':
      return 'Upload canceled';
    case 'expired':
      return 'Your trial or plan has ended';
    case 'suspended':
      return 'Your account is suspended: you cannot upload or make links';
    default:
      return 'Upload failed';
  }
}

export const isCanceled = (e: unknown) => e instanceof UploadError && e.code === 'canceled';

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadError('canceled'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new UploadError('canceled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
