/** Google API errors: `{"error":{"code","message","errors":[{domain,reason,message,locationType,location}],"status"}}`. */

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  405: 'METHOD_NOT_ALLOWED',
  412: 'FAILED_PRECONDITION',
  416: 'OUT_OF_RANGE',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export interface ErrorLocation {
  location?: string;
  locationType?: 'parameter' | 'header' | 'other';
  domain?: string;
}

export class DriveError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly where: ErrorLocation = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON(): unknown {
    const item: Record<string, string> = {
      domain: this.where.domain ?? 'global',
      reason: this.reason,
      message: this.message,
    };
    if (this.where.locationType) item.locationType = this.where.locationType;
    if (this.where.location) item.location = this.where.location;
    return {
      error: {
        code: this.status,
        message: this.message,
        errors: [item],
        status: STATUS_NAMES[this.status] ?? 'UNKNOWN',
      },
    };
  }
}

export const errors = {
  loginRequired: () =>
    new DriveError(
      401,
      'required',
      'Login Required.',
      { location: 'Authorization', locationType: 'header' },
      wwwAuthenticate,
    ),
  invalidCredentials: () =>
    new DriveError(
      401,
      'authError',
      'Invalid Credentials',
      { location: 'Authorization', locationType: 'header' },
      wwwAuthenticate,
    ),
  insufficientScopes: () =>
    new DriveError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.'),
  insufficientFilePermissions: () =>
    new DriveError(403, 'insufficientFilePermissions', 'The user does not have sufficient permissions for this file.'),
  notFound: (fileId: string) =>
    new DriveError(404, 'notFound', `File not found: ${fileId}.`, { location: 'fileId', locationType: 'parameter' }),
  permissionNotFound: (id: string) =>
    new DriveError(404, 'notFound', `Permission not found: ${id}.`, {
      location: 'permissionId',
      locationType: 'parameter',
    }),
  invalidParam: (location: string, message = 'Invalid Value') =>
    new DriveError(400, 'invalid', message, { location, locationType: 'parameter' }),
  badRequest: (message: string) => new DriveError(400, 'badRequest', message),
  quotaExceeded: () =>
    new DriveError(403, 'storageQuotaExceeded', "The user's Drive storage quota has been exceeded.", {
      domain: 'usageLimits',
    }),
  notDownloadable: () =>
    new DriveError(
      403,
      'fileNotDownloadable',
      'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
      {
        location: 'alt',
        locationType: 'parameter',
      },
    ),
  rangeNotSatisfiable: (size: number) =>
    new DriveError(
      416,
      'requestedRangeNotSatisfiable',
      'Request range not satisfiable',
      {},
      { 'content-range': `bytes */${size}` },
    ),
  uploadNotFound: () =>
    new DriveError(404, 'notFound', 'Upload session not found or expired.', {
      location: 'upload_id',
      locationType: 'parameter',
    }),
  methodNotAllowed: () => new DriveError(405, 'httpMethodNotAllowed', 'Method not allowed.'),
  routeNotFound: (path: string) => new DriveError(404, 'notFound', `Not Found: ${path}`),
  uploadToWrongUrl: () =>
    new DriveError(
      400,
      'badRequest',
      'Uploads must be sent to the upload URL. Re-send this request to https://www.googleapis.com/upload/drive/v3/files',
    ),
};

const wwwAuthenticate = { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' };
