export { createDriveServer, ONE_WEEK_MS } from './server.js';
export type { DriveServer, DriveServerConfig } from './server.js';
export type { TokenVerifier, Principal, IntrospectionConfig } from './auth.js';
export { DRIVE_FILE_SCOPE, DRIVE_SCOPE } from './auth.js';
export type { FaultSpec } from './faults.js';
export { DriveError } from './http/errors.js';
