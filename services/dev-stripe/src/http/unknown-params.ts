import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  type?: string;
};

interface Operation {
  method: string;
  pattern: RegExp;
  /** The form body's schema (POST) or the query parameters' (GET, DELETE). */
  params: Schema;
}

/**
 * Stripe answers 400 `parameter_unknown` ("Received unknown parameter: x[y]") to a parameter its API
 * does not have. The stand-in does the same, reading the parameters each operation has from the
 * pinned extract of Stripe's OpenAPI document, so a call that real Stripe would refuse fails here too.
 */
export class KnownParams {
  private readonly operations: Operation[] = [];
  private readonly schemas: Record<string, Schema>;

  constructor(file = fileURLToPath(new URL('../../openapi/stripe-extract.json', import.meta.url))) {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ in: string; name: string; schema: Schema }>;
            requestBody?: { content: Record<string, { schema: Schema }> };
          }
        >
      >;
      components: { schemas: Record<string, Schema> };
    };
    this.schemas = doc.components.schemas;
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const body = op.requestBody?.content['application/x-www-form-urlencoded']?.schema;
        const query = (op.parameters ?? []).filter((p) => p.in === 'query');
        const params: Schema =
          method === 'post' && body
            ? body
            : {
                type: 'object',
                properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
                additionalProperties: false,
              };
        this.operations.push({
          method: method.toUpperCase(),
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
          params,
        });
      }
    }
  }

  /** The first parameter the operation does not have, as Stripe names it (`a[b]`), or null. */
  unknown(method: string, path: string, params: Record<string, unknown>): string | null {
    const op = this.operations.find((o) => o.method === method && o.pattern.test(path));
    if (!op) return null;
    return this.walk(op.params, params, '');
  }

  private resolve(schema: Schema): Schema {
    let s = schema;
    while (s.$ref) s = this.schemas[s.$ref.split('/').pop()!] ?? {};
    return s;
  }

  private walk(schema: Schema, value: unknown, at: string): string | null {
    const s = this.resolve(schema);
    if (value === '' || value === null || value === undefined) return null;
    if (s.anyOf) {
      let first: string | null = null;
      for (const branch of s.anyOf) {
        const problem = this.walk(branch, value, at);
        if (problem === null) return null;
        first ??= problem;
      }
      return first;
    }
    if (Array.isArray(value))
      return s.items
        ? value.reduce<string | null>((found, v, i) => found ?? this.walk(s.items!, v, `${at}[${i}]`), null)
        : null;
    if (typeof value !== 'object') return null;
    if (s.items)
      return Object.entries(value).reduce<string | null>(
        (found, [k, v]) => found ?? this.walk(s.items!, v, `${at}[${k}]`),
        null,
      );
    if (!s.properties || s.additionalProperties === true || typeof s.additionalProperties === 'object') return null;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const name = at ? `${at}[${key}]` : key;
      const property = s.properties[key];
      if (!property) return name;
      const problem = this.walk(property, v, name);
      if (problem) return problem;
    }
    return null;
  }
}
