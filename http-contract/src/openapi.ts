import { z } from 'zod';
import { ErrorBody, ErrorCode } from './errors.js';
import { API_ROUTES, type ApiRoute } from './routes.js';

type JsonObject = Record<string, unknown>;
const COMPONENT = (id: string) => `#/components/schemas/${id}`;

/** Request schemas are documented as clients send them (before the gateway normalises aliases). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/** Query fields become `in: query` parameters. */
function queryParameters(schema: z.ZodType): JsonObject[] {
  const s = jsonSchema(schema, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, property]) => {
    const { description, ...schemaOnly } = property;
    return { name, in: 'query', required: s.required?.includes(name) ?? false, ...(description ? { description } : {}), schema: schemaOnly };
  });
}

function operation(route: ApiRoute): JsonObject {
  const parameters = [
    ...Object.entries(route.params ?? {}).map(([name, description]) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })),
    ...(route.query ? queryParameters(route.query) : []),
  ];
  const responses: JsonObject = {};
  for (const [status, r] of Object.entries(route.responses)) {
    responses[status] = {
      description: r.description,
      ...(r.redirect ? { headers: { Location: { description: 'Where to go', schema: { type: 'string' } } } } : {}),
      ...(r.schema ? { content: { 'application/json': { schema: jsonSchema(r.schema, 'output') } } } : {}),
    };
  }
  const error = { content: { 'application/json': { schema: { $ref: COMPONENT('ErrorBody') } } } };
  responses['4XX'] = { description: 'The request was refused: `code` says why', ...error };
  responses['5XX'] = { description: 'A failure that is not the caller’s', ...error };
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.auth ? { security: [{ bearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: false, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } } : {}),
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
    info: { title: 'Ferry HTTP API', version: info.version, description: 'The public API of the Ferry gateway (product spec §7).' },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An access token from the sign-in flow' } },
      schemas: {
        ErrorCode: jsonSchema(ErrorCode, 'output'),
        ErrorBody: { ...errorBody, properties: { ...errorBody.properties, code: { $ref: COMPONENT('ErrorCode') } } },
      },
    },
  };
}
