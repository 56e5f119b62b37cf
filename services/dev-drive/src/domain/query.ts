/**
 * The files.list `q` language (https://developers.google.com/workspace/drive/api/guides/ref-search-terms):
 *
 *   query := or ;  or := and ('or' and)* ;  and := unary ('and' unary)* ;  unary := 'not' unary | '(' query ')' | term
 *   term  := field op value | value 'in' collection | ('appProperties'|'properties') 'has' '{' key = str and value = str '}'
 *
 * Precedence not > and > or and case-insensitive keywords are our choice (Google does not document them).
 */

export class QueryError extends Error {}

/** What a query can see of a file; built by the caller for the requesting user and app. */
export interface QueryTarget {
  name: string;
  mimeType: string;
  description: string;
  /** Parent ids; contains 'root' too when the parent is the user's My Drive root. */
  parents: string[];
  owners: string[];
  writers: string[];
  readers: string[];
  trashed: boolean;
  starred: boolean;
  sharedWithMe: boolean;
  createdTime: number;
  modifiedTime: number;
  viewedByMeTime: number | undefined;
  properties: Record<string, string>;
  appProperties: Record<string, string>;
  visibility: string;
  shortcutTargetId: string | undefined;
}

export type Predicate = (t: QueryTarget) => boolean;

type Op = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'contains';
type Token =
  | { kind: 'str'; value: string; quote: "'" | '"'; pos: number }
  | { kind: 'word'; value: string; pos: number }
  | { kind: 'op'; value: Op; pos: number }
  | { kind: 'punct'; value: '(' | ')' | '{' | '}'; pos: number };

type Expr =
  | { type: 'and' | 'or'; left: Expr; right: Expr }
  | { type: 'not'; expr: Expr }
  | { type: 'cmp'; field: string; op: Op; value: string | boolean; quote?: "'" | '"' }
  | { type: 'in'; value: string; collection: 'parents' | 'owners' | 'writers' | 'readers' }
  | { type: 'has'; field: 'properties' | 'appProperties'; key: string; value: string };

type FieldKind = 'text' | 'date' | 'bool' | 'enum';
const FIELDS: Record<string, { kind: FieldKind; ops: Op[] }> = {
  name: { kind: 'text', ops: ['contains', '=', '!='] },
  fullText: { kind: 'text', ops: ['contains'] },
  mimeType: { kind: 'text', ops: ['contains', '=', '!='] },
  modifiedTime: { kind: 'date', ops: ['<', '<=', '=', '!=', '>', '>='] },
  createdTime: { kind: 'date', ops: ['<', '<=', '=', '!=', '>', '>='] },
  viewedByMeTime: { kind: 'date', ops: ['<', '<=', '=', '!=', '>', '>='] },
  trashed: { kind: 'bool', ops: ['=', '!='] },
  starred: { kind: 'bool', ops: ['=', '!='] },
  sharedWithMe: { kind: 'bool', ops: ['=', '!='] },
  visibility: { kind: 'enum', ops: ['=', '!='] },
  'shortcutDetails.targetId': { kind: 'text', ops: ['=', '!='] },
};
const VISIBILITY = new Set(['anyoneCanFind', 'anyoneWithLink', 'domainCanFind', 'domainWithLink', 'limited']);
const COLLECTIONS = new Set(['parents', 'owners', 'writers', 'readers']);

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const start = i++;
      let value = '';
      for (;;) {
        if (i >= src.length) throw new QueryError(`unterminated string at ${start}`);
        const ch = src[i]!;
        if (ch === '\\') {
          if (i + 1 >= src.length) throw new QueryError(`dangling escape at ${i}`);
          value += src[i + 1];
          i += 2;
          continue;
        }
        if (ch === c) {
          i++;
          break;
        }
        value += ch;
        i++;
      }
      tokens.push({ kind: 'str', value, quote: c, pos: start });
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === '!=' || two === '<=' || two === '>=') {
      tokens.push({ kind: 'op', value: two, pos: i });
      i += 2;
      continue;
    }
    if (c === '=' || c === '<' || c === '>') {
      tokens.push({ kind: 'op', value: c, pos: i });
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === '{' || c === '}') {
      tokens.push({ kind: 'punct', value: c, pos: i });
      i++;
      continue;
    }
    const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(src.slice(i));
    if (!m) throw new QueryError(`unexpected character '${c}' at ${i}`);
    tokens.push({ kind: 'word', value: m[0], pos: i });
    i += m[0].length;
  }
  return tokens;
}

const isKeyword = (t: Token | undefined, kw: string): boolean => t?.kind === 'word' && t.value.toLowerCase() === kw;

export function parseQuery(src: string): Expr {
  const tokens = tokenize(src);
  let p = 0;
  const peek = (): Token | undefined => tokens[p];
  const next = (): Token => {
    const t = tokens[p++];
    if (!t) throw new QueryError('unexpected end of query');
    return t;
  };
  const expectPunct = (v: string): void => {
    const t = next();
    if (t.kind !== 'punct' || t.value !== v) throw new QueryError(`expected '${v}' at ${t.pos}`);
  };
  const expectKeyword = (kw: string): void => {
    const t = next();
    if (!isKeyword(t, kw)) throw new QueryError(`expected '${kw}' at ${t.pos}`);
  };
  const expectString = (): string => {
    const t = next();
    if (t.kind !== 'str') throw new QueryError(`expected a quoted string at ${t.pos}`);
    return t.value;
  };

  function or(): Expr {
    let left = and();
    while (isKeyword(peek(), 'or')) {
      p++;
      left = { type: 'or', left, right: and() };
    }
    return left;
  }
  function and(): Expr {
    let left = unary();
    while (isKeyword(peek(), 'and')) {
      p++;
      left = { type: 'and', left, right: unary() };
    }
    return left;
  }
  function unary(): Expr {
    const t = peek();
    if (isKeyword(t, 'not')) {
      p++;
      return { type: 'not', expr: unary() };
    }
    if (t?.kind === 'punct' && t.value === '(') {
      p++;
      const e = or();
      expectPunct(')');
      return e;
    }
    return term();
  }
  function term(): Expr {
    const t = next();
    if (t.kind === 'str') {
      expectKeyword('in');
      const c = next();
      if (c.kind !== 'word' || !COLLECTIONS.has(c.value)) throw new QueryError(`unknown collection at ${c.pos}`);
      return { type: 'in', value: t.value, collection: c.value as 'parents' };
    }
    if (t.kind !== 'word') throw new QueryError(`expected a term at ${t.pos}`);
    if ((t.value === 'properties' || t.value === 'appProperties') && isKeyword(peek(), 'has')) {
      p++;
      expectPunct('{');
      expectKeyword('key');
      expectOp('=');
      const key = expectString();
      expectKeyword('and');
      expectKeyword('value');
      expectOp('=');
      const value = expectString();
      expectPunct('}');
      return { type: 'has', field: t.value, key, value };
    }
    const spec = FIELDS[t.value];
    if (!spec) throw new QueryError(`unknown field '${t.value}' at ${t.pos}`);
    const opTok = next();
    const op: Op | undefined =
      opTok.kind === 'op' ? opTok.value : isKeyword(opTok, 'contains') ? 'contains' : undefined;
    if (!op || !spec.ops.includes(op)) throw new QueryError(`operator not supported for ${t.value} at ${opTok.pos}`);
    const v = next();
    if (spec.kind === 'bool') {
      if (!isKeyword(v, 'true') && !isKeyword(v, 'false'))
        throw new QueryError(`${t.value} needs true or false at ${v.pos}`);
      return { type: 'cmp', field: t.value, op, value: v.value.toLowerCase() === 'true' };
    }
    if (v.kind !== 'str') throw new QueryError(`expected a quoted string at ${v.pos}`);
    if (spec.kind === 'date' && parseDate(v.value) === undefined) throw new QueryError(`invalid date '${v.value}'`);
    if (spec.kind === 'enum' && !VISIBILITY.has(v.value)) throw new QueryError(`invalid visibility '${v.value}'`);
    return { type: 'cmp', field: t.value, op, value: v.value, quote: v.quote };
  }
  function expectOp(op: Op): void {
    const t = next();
    if (t.kind !== 'op' || t.value !== op) throw new QueryError(`expected '${op}' at ${t.pos}`);
  }

  if (tokens.length === 0) throw new QueryError('empty query');
  const e = or();
  if (p !== tokens.length) throw new QueryError(`unexpected '${tokens[p]!.value}' at ${tokens[p]!.pos}`);
  return e;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** RFC 3339 (time and zone optional; a missing zone means UTC). */
export function parseDate(s: string): number | undefined {
  const m = DATE.exec(s);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${m[7] ?? ''}${m[8] ?? 'Z'}`;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
}

const words = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[\s._\-()[\],;:/\\]+/)
    .filter(Boolean);

/** `name contains` is a prefix match on the name or on any word in it ("HelloWorld" matches 'Hello', not 'World'). */
function nameContains(name: string, v: string): boolean {
  const n = name.toLowerCase();
  const needle = v.toLowerCase();
  if (n.startsWith(needle)) return true;
  return words(name).some((w) => w.startsWith(needle));
}

/** `fullText contains 'a b'` needs every word; `'"a b"'` needs the phrase. Searches name and description. */
function fullTextContains(t: QueryTarget, v: string): boolean {
  const text = `${t.name} ${t.description}`;
  const phrase = /^"(.*)"$/.exec(v.trim());
  if (phrase) return text.toLowerCase().includes(phrase[1]!.toLowerCase());
  const have = new Set(words(text));
  const want = words(v);
  return want.length > 0 && want.every((w) => have.has(w));
}

function compare<T>(a: T, b: T, op: Op): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    default:
      return false;
  }
}

export function compileQuery(src: string): Predicate {
  return toPredicate(parseQuery(src));
}

function toPredicate(e: Expr): Predicate {
  switch (e.type) {
    case 'and': {
      const l = toPredicate(e.left);
      const r = toPredicate(e.right);
      return (t) => l(t) && r(t);
    }
    case 'or': {
      const l = toPredicate(e.left);
      const r = toPredicate(e.right);
      return (t) => l(t) || r(t);
    }
    case 'not': {
      const inner = toPredicate(e.expr);
      return (t) => !inner(t);
    }
    case 'in':
      return (t) => t[e.collection].includes(e.value);
    case 'has':
      return (t) => t[e.field][e.key] === e.value;
    case 'cmp':
      return cmpPredicate(e.field, e.op, e.value);
  }
}

function cmpPredicate(field: string, op: Op, value: string | boolean): Predicate {
  const spec = FIELDS[field]!;
  if (spec.kind === 'bool') {
    const key = field as 'trashed' | 'starred' | 'sharedWithMe';
    return (t) => compare(t[key], value, op);
  }
  const v = value as string;
  if (spec.kind === 'date') {
    const when = parseDate(v)!;
    const key = field as 'createdTime' | 'modifiedTime' | 'viewedByMeTime';
    return (t) => {
      const have = t[key];
      return have !== undefined && compare(have, when, op);
    };
  }
  switch (field) {
    case 'name':
      return op === 'contains' ? (t) => nameContains(t.name, v) : (t) => compare(t.name, v, op);
    case 'fullText':
      return (t) => fullTextContains(t, v);
    case 'mimeType':
      return op === 'contains'
        ? (t) => t.mimeType.toLowerCase().includes(v.toLowerCase())
        : (t) => compare(t.mimeType, v, op);
    case 'visibility':
      return (t) => compare(t.visibility, v, op);
    case 'shortcutDetails.targetId':
      return (t) => compare(t.shortcutTargetId, v, op);
    default:
      throw new QueryError(`unknown field ${field}`);
  }
}
