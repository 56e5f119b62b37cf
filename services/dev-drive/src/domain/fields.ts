/**
 * The `fields` partial-response syntax (FieldMask): `a,b`, `a/b` for nesting, `a(b,c)` to select
 * inside every element of an array (or inside an object), `*` for everything.
 */

export type Mask = Map<string, Mask | true>;

/** Which field names exist on each resource, used to reject typos the way Google does. */
export type Schema = { [field: string]: Schema | null };

export class FieldMaskError extends Error {}

export function parseFields(input: string): Mask {
  let pos = 0;
  const src = input.replace(/\s+/g, '');

  function fail(): never {
    throw new FieldMaskError(`Invalid field selection ${input}`);
  }

  function ident(): string {
    const m = /^(\*|[A-Za-z_][A-Za-z0-9_.]*)/.exec(src.slice(pos));
    if (!m) fail();
    pos += m[0].length;
    return m[0];
  }

  function list(): Mask {
    const mask: Mask = new Map();
    for (;;) {
      item(mask);
      if (src[pos] === ',') {
        pos++;
        continue;
      }
      return mask;
    }
  }

  function item(into: Mask): void {
    const path = [ident()];
    while (src[pos] === '/') {
      pos++;
      path.push(ident());
    }
    let leaf: Mask | true = true;
    if (src[pos] === '(') {
      pos++;
      leaf = list();
      if (src[pos] !== ')') fail();
      pos++;
    }
    let cur = into;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1;
      const existing = cur.get(key);
      if (last) {
        cur.set(key, merge(existing, leaf));
      } else {
        if (existing === true) return; // `a,a/b`: a already selects everything
        const next: Mask = existing ?? new Map();
        cur.set(key, next);
        cur = next;
      }
    }
  }

  if (src === '') fail();
  const mask = list();
  if (pos !== src.length) fail();
  return mask;
}

function merge(a: Mask | true | undefined, b: Mask | true): Mask | true {
  if (a === undefined) return b;
  if (a === true || b === true) return true;
  const out: Mask = new Map(a);
  for (const [k, v] of b) out.set(k, merge(out.get(k), v));
  return out;
}

/** Throws FieldMaskError for a selector naming a field the schema does not have. */
export function validateMask(mask: Mask, schema: Schema, original: string): void {
  for (const [key, sub] of mask) {
    if (key === '*') continue;
    if (!(key in schema)) throw new FieldMaskError(`Invalid field selection ${key}`);
    const child = schema[key];
    if (sub !== true && child) validateMask(sub, child, original);
  }
}

/** Applies a mask to a JSON value; arrays are filtered element-wise. */
export function applyMask(value: unknown, mask: Mask): unknown {
  if (Array.isArray(value)) return value.map((v) => applyMask(v, mask));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  if (mask.has('*')) {
    const out: Record<string, unknown> = { ...obj };
    for (const [k, sub] of mask) if (k !== '*' && sub !== true && k in obj) out[k] = applyMask(obj[k], sub);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, sub] of mask) {
    if (!(k in obj) || obj[k] === undefined) continue;
    out[k] = sub === true ? obj[k] : applyMask(obj[k], sub);
  }
  return out;
}
