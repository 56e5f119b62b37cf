export * from './errors.js';
export { firstOf } from './fields.js';
export * from './links.js';
export * from './share-email.js';
export * from './billing.js';
export * from './system.js';
export * from './routes.js';
export { openApiDocument } from './openapi.js';
export { responseIssues } from './check.js';
