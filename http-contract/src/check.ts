import type { z } from 'zod';
import { ErrorBody } from './errors.js';
import type { ApiRoute } from './routes.js';

/**
 * Why an answer does not match the contract of its route (empty when it does): a status the route
 * does not list, a body where none belongs, or a body that fails its schema. Errors (4xx, 5xx) are
 * checked against ErrorBody.
 */
export function responseIssues(route: ApiRoute, status: number, body: unknown): string[] {
  const where = `${route.method.toUpperCase()} ${route.path} ${status}`;
  const declared = route.responses[status];
  let schema: z.ZodType | undefined;
  if (declared) schema = declared.schema;
  else if (status >= 400) schema = ErrorBody;
  else return [`${where}: status not in the contract`];
  if (!schema) return body === undefined || body === '' ? [] : [`${where}: a body where the contract has none`];
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((i) => `${where}: ${i.path.join('.') || '(body)'}: ${i.message}`);
}
