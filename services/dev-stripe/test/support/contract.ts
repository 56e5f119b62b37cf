import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import type { ApiExchange } from '../../src/index.js';

type Json = Record<string, unknown>;

const EXTRACT = fileURLToPath(new URL('../../openapi/stripe-extract.json', import.meta.url));
const DOC = 'stripe';

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  request: ValidateFunction;
  response: ValidateFunction;
  error: ValidateFunction;
}

/**
 * OpenAPI 3.0 to JSON Schema, as far as Stripe's document needs: `nullable: true` adds null to the
 * type (or a null branch to anyOf), refs point into the registered document, x- keys go.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k.startsWith('x-') || k === 'nullable') continue;
    if (k === '$ref' && typeof v === 'string') out.$ref = `${DOC}${v}`;
    else out[k] = toJsonSchema(v);
  }
  if ((node as Json).nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    if (Array.isArray(out.anyOf)) out.anyOf = [...out.anyOf, { type: 'null' }];
    if (out.$ref) return { anyOf: [{ $ref: out.$ref }, { type: 'null' }] };
  }
  return out;
}

export class StripeContract {
  readonly extract: Json;
  private readonly operations: Operation[] = [];
  private readonly responses: Ajv;
  private readonly eventSchema: ValidateFunction;
  private readonly objectValidators = new Map<string, ValidateFunction | null>();

  constructor() {
    this.extract = JSON.parse(readFileSync(EXTRACT, 'utf8')) as Json;
    const components = toJsonSchema(this.extract.components) as Json;
    const responses = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    this.responses = responses;
    const requests = new Ajv({ strict: false, allErrors: true, validateFormats: false, coerceTypes: 'array' });
    for (const ajv of [responses, requests]) ajv.addSchema({ $id: DOC, components });
    const paths = this.extract.paths as Record<string, Record<string, Json>>;
    for (const [template, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const body = (op.requestBody as Json | undefined)?.content as Record<string, { schema: unknown }> | undefined;
        const query = ((op.parameters as Json[] | undefined) ?? []).filter((p) => p.in === 'query');
        const requestSchema =
          body && method !== 'get' && method !== 'delete'
            ? toJsonSchema(body['application/x-www-form-urlencoded']!.schema)
            : {
                type: 'object',
                properties: Object.fromEntries(query.map((p) => [p.name, toJsonSchema(p.schema)])),
                additionalProperties: false,
              };
        const resp = op.responses as Record<string, { content: Record<string, { schema: unknown }> }>;
        this.operations.push({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
          request: requests.compile(requestSchema as object),
          response: responses.compile(toJsonSchema(resp['200']!.content['application/json']!.schema) as object),
          error: responses.compile(toJsonSchema(resp.default!.content['application/json']!.schema) as object),
        });
      }
    }
    this.eventSchema = responses.compile({ $ref: `${DOC}#/components/schemas/event` });
  }

  /** Problems of an event as a webhook delivers it: the envelope against `event`, its object against its own schema. */
  checkEvent(event: { data: { object: { object?: unknown; [key: string]: unknown } } }): {
    schema: string | null;
    problems: string[];
  } {
    const problems: string[] = [];
    if (!this.eventSchema(event)) problems.push(`event ${JSON.stringify(this.eventSchema.errors?.slice(0, 5))}`);
    const name = String(event.data.object.object);
    const validate = this.objectSchema(name);
    if (!validate) return { schema: null, problems };
    if (!validate(event.data.object)) problems.push(`${name} ${JSON.stringify(validate.errors?.slice(0, 5))}`);
    return { schema: name, problems };
  }

  private objectSchema(name: string): ValidateFunction | null {
    if (!this.objectValidators.has(name)) {
      const known = (this.extract.components as { schemas: Json }).schemas[name] !== undefined;
      this.objectValidators.set(
        name,
        known ? this.responses.compile({ $ref: `${DOC}#/components/schemas/${name}` }) : null,
      );
    }
    return this.objectValidators.get(name)!;
  }

  get operationKeys(): string[] {
    return this.operations.map((o) => `${o.method} ${o.template}`);
  }

  /** Problems of one exchange: its operation is unknown to the extract, or the request or answer breaks its schema. */
  check(exchange: ApiExchange): { operation: string | null; problems: string[] } {
    const op = this.operations.find((o) => o.method === exchange.method && o.pattern.test(exchange.path));
    if (!op)
      return { operation: null, problems: [`${exchange.method} ${exchange.path} is not an operation of the extract`] };
    const problems: string[] = [];
    const params = structuredClone(exchange.params);
    if (!op.request(params)) problems.push(`request ${JSON.stringify(op.request.errors?.slice(0, 5))}`);
    const validate = exchange.status >= 200 && exchange.status < 300 ? op.response : op.error;
    if (!validate(exchange.body))
      problems.push(`answer ${exchange.status} ${JSON.stringify(validate.errors?.slice(0, 5))}`);
    return { operation: `${op.method} ${op.template}`, problems };
  }
}
