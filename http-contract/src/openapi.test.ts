import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.js';
import { API_ROUTES } from './routes.js';

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = openApiDocument({ version: '1' });
    const result = await validate(JSON.parse(JSON.stringify(doc)));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.specification).toBe('OpenAPI');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has every route of the contract with a unique operationId', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ids).toHaveLength(API_ROUTES.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has a schema for every path parameter of every route', () => {
    for (const route of API_ROUTES) {
      const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(route.params?.shape ?? {}), route.path).toEqual(inPath);
    }
  });

  it('documents requests as clients send them, with their aliases', () => {
    const doc = openApiDocument() as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }
        >
      >;
    };
    const shorten = doc.paths['/api/shorten']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(shorten.properties)).toEqual(
      expect.arrayContaining(['fileId', 'id', 'expiresAt', 'senderTimeZone']),
    );
  });
});
