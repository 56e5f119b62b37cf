import qs from 'qs';

/** A decoded form or query: Stripe's bracket syntax (`a[b][0]=c`) read into nested objects and arrays. */
export type Params = Record<string, unknown>;

export function decodeForm(text: string): Params {
  return qs.parse(text, { arrayLimit: 1000, depth: 10, parameterLimit: 10_000 }) as Params;
}

/** Reads parameters of a decoded form with Stripe's messages for missing or malformed values. */
export class ParamReader {
  constructor(
    private readonly params: Params,
    private readonly prefix = '',
  ) {}

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.params[key] !== undefined;
  }

  raw(key: string): unknown {
    return this.params[key];
  }

  string(key: string): string | undefined {
    const v = this.params[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new ParamError(this.name(key), `Invalid string: ${this.name(key)}`);
    return v;
  }

  requiredString(key: string): string {
    const v = this.string(key);
    if (v === undefined || v === '') throw new MissingParam(this.name(key));
    return v;
  }

  int(key: string): number | undefined {
    const v = this.string(key);
    if (v === undefined || v === '') return undefined;
    if (!/^-?\d+$/.test(v)) throw new ParamError(this.name(key), `Invalid integer: ${v}`, 'parameter_invalid_integer');
    return Number(v);
  }

  bool(key: string): boolean | undefined {
    const v = this.string(key);
    if (v === undefined) return undefined;
    if (v !== 'true' && v !== 'false') throw new ParamError(this.name(key), `Invalid boolean: ${v}`);
    return v === 'true';
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const v = this.string(key);
    if (v === undefined) return undefined;
    if (!values.includes(v as T))
      throw new ParamError(this.name(key), `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`);
    return v as T;
  }

  object(key: string): ParamReader | undefined {
    const v = this.params[key];
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'object' || Array.isArray(v))
      throw new ParamError(this.name(key), `Invalid object: ${this.name(key)}`);
    return new ParamReader(v as Params, this.name(key));
  }

  /** An array written as `key[0]=…` (qs gives an array) or `key[]=…`. */
  list(key: string): ParamReader[] {
    const v = this.params[key];
    if (v === undefined || v === '') return [];
    const items = Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v as object) : null;
    if (!items) throw new ParamError(this.name(key), `Invalid array: ${this.name(key)}`);
    return items.map((item, i) => {
      if (typeof item !== 'object' || item === null)
        throw new ParamError(`${this.name(key)}[${i}]`, `Invalid object: ${this.name(key)}[${i}]`);
      return new ParamReader(item as Params, `${this.name(key)}[${i}]`);
    });
  }

  strings(key: string): string[] {
    const v = this.params[key];
    if (v === undefined || v === '') return [];
    const items = Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v as object) : [v];
    return items.map((item, i) => {
      if (typeof item !== 'string')
        throw new ParamError(`${this.name(key)}[${i}]`, `Invalid string: ${this.name(key)}[${i}]`);
      return item;
    });
  }

  /** `metadata[k]=v`; an empty string removes a key, `metadata=` clears all (applied by mergeMetadata). */
  metadata(key = 'metadata'): Record<string, string> | '' | undefined {
    const v = this.params[key];
    if (v === undefined) return undefined;
    if (v === '') return '';
    if (typeof v !== 'object' || Array.isArray(v))
      throw new ParamError(this.name(key), `Invalid hash: ${this.name(key)}`);
    const out: Record<string, string> = {};
    for (const [k, value] of Object.entries(v as Record<string, unknown>)) {
      if (typeof value !== 'string')
        throw new ParamError(`${this.name(key)}[${k}]`, `Invalid string: ${this.name(key)}[${k}]`);
      if (k.length > 40)
        throw new ParamError(`${this.name(key)}[${k}]`, 'Metadata keys can be at most 40 characters long.');
      if (value.length > 500)
        throw new ParamError(`${this.name(key)}[${k}]`, 'Metadata values can be at most 500 characters long.');
      out[k] = value;
    }
    return out;
  }
}

export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string> | '' | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === '') return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

export class ParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
    readonly code = 'parameter_invalid_string',
  ) {
    super(message);
  }
}

export class MissingParam extends Error {
  constructor(readonly param: string) {
    super(`Missing required param: ${param}.`);
  }
}
