import type { ListObject } from '../domain/objects.js';
import type { Store } from '../store/store.js';
import type { ParamReader } from './form.js';
import { errors } from './errors.js';

/** A deep copy of `object` with each `expand[]` path's ids replaced by their objects, as Stripe answers. */
export function render<T extends object>(object: T, store: Store, expand: string[]): T {
  const copy = structuredClone(object) as Record<string, unknown>;
  for (const path of expand) expandPath(copy, path.split('.'), store, path);
  return copy as T;
}

function expandPath(target: Record<string, unknown>, parts: string[], store: Store, full: string): void {
  const [head, ...rest] = parts;
  if (!head) return;
  let value = target[head];
  if (value === undefined) return;
  if (typeof value === 'string') {
    const found = store.byId(value);
    if (!found) return;
    value = structuredClone(found);
    target[head] = value;
  }
  if (rest.length === 0 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const element of value)
      if (element && typeof element === 'object') expandPath(element as Record<string, unknown>, rest, store, full);
    return;
  }
  expandPath(value as Record<string, unknown>, rest, store, full);
}

/** Stripe's list pagination: `limit` (1-100, default 10), `starting_after`, `ending_before`, newest first. */
export function paginate<T extends { id: string; created: number }>(
  all: T[],
  params: ParamReader,
  url: string,
  store: Store,
  expand: string[],
): ListObject<T> {
  const limit = params.int('limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw errors.invalid('limit', `This value must be between 1 and 100 (it currently is ${limit}).`);
  const sorted = [...all].reverse().sort((a, b) => b.created - a.created);
  let start = 0;
  let end = sorted.length;
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  if (after) {
    const i = sorted.findIndex((o) => o.id === after);
    if (i < 0) throw errors.noSuch('object', after, 'starting_after');
    start = i + 1;
  }
  if (before) {
    const i = sorted.findIndex((o) => o.id === before);
    if (i < 0) throw errors.noSuch('object', before, 'ending_before');
    end = i;
    start = Math.max(start, end - limit);
  }
  const page = sorted.slice(start, Math.min(end, start + limit));
  const dataExpand = expand.filter((p) => p.startsWith('data.')).map((p) => p.slice(5));
  return { object: 'list', data: page.map((o) => render(o, store, dataExpand)), has_more: start + limit < end, url };
}
