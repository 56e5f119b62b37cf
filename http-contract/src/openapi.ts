import { z } from 'zod';
import { ErrorBody, ErrorCode } from './errors.js';
import { API_ROUTES, type ApiRoute } from './routes.js';

type JsonObject = Record<string, unknown>;
const COMPONENT = (id: string) => `#/components/schemas/${id}`;

/** Request schemas are documented as clients send them (before the gateway normalises aliases). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonObject;
  return rest;
}

/** Fields of a query or path schema become OpenAPI parameters (path parameters are always required). */
function parameters(schema: z.ZodType, where: 'query' | 'path'): JsonObject[] {
  const s = jsonSchema(schema, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, property]) => {
    const { description, ...schemaOnly } = property;
    const required = where === 'path' || (s.required?.includes(name) ?? false);
    return { name, in: where, required, ...(description ? { description } : {}), schema: schemaOnly };
  });
}

function operation(route: ApiRoute): JsonObject {
  const params = [
    ...(route.params ? parameters(route.params, 'path') : []),
    ...(route.query ? parameters(route.query, 'query') : []),
  ];
  const responses: JsonObject = {};
  for (const [status, r] of Object.entries(route.responses)) {
    responses[status] = {
      description: r.description,
      ...(r.redirect ? { headers: { Location: { description: 'Where to go', schema: { type: 'string' } } } } : {}),
      ...(r.schema ? { content: { 'application/json': { schema: jsonSchema(r.schema, 'output') } } } : {}),
      ...(r.binary ? { content: { [r.binary]: { schema: { type: 'string', format: 'binary' } } } } : {}),
    };
  }
  const error = { content: { 'application/json': { schema: { $ref: COMPONENT('ErrorBody') } } } };
  for (const [status, description] of Object.entries(route.errors ?? {})) responses[status] = { description, ...error };
  responses['4XX'] = { description: 'The request was refused: `code` says why', ...error };
  responses['5XX'] = { description: 'A failure that is not the caller’s', ...error };
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.auth ? { security: [{ bearer: [] }] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: false,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the public HTTP API, generated from the contract's schemas. */
export function openApiDocument(info: { version: string; serverUrl?: string } = { version: '1' }): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of API_ROUTES) paths[route.path] = { ...paths[route.path], [route.method]: operation(route) };
  const errorBody = jsonSchema(ErrorBody, 'output') as { properties: JsonObject };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ferry HTTP API',
      version: info.version,
      description: 'The public API of the Ferry gateway (product spec §7).',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An access token that the sign-in provider issued to one of Ferry’s clients (the web app’s or the command-line sender’s); a valid token of any other app is refused with 401 `foreign_token`',
        },
      },
      schemas: {
        ErrorCode: jsonSchema(ErrorCode, 'output'),
        ErrorBody: { ...errorBody, properties: { ...errorBody.properties, code: { $ref: COMPONENT('ErrorCode') } } },
      },
    },
  };
}
