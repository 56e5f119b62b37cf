import { errors } from '../http/errors.js';
import { paginate } from '../http/render.js';
import type { ApiContext, ApiRoute } from './context.js';

function list(ctx: ApiContext): object {
  const p = ctx.params;
  const type = p.string('type');
  const types = p.strings('types');
  const matches = (t: string) => {
    if (types.length) return types.includes(t);
    if (!type) return true;
    if (type.endsWith('*')) return t.startsWith(type.slice(0, -1));
    return t === type;
  };
  const created = p.object('created');
  const gte = created?.int('gte');
  const lte = created?.int('lte');
  const all = ctx.store.events.filter(
    (e) => matches(e.type) && (gte === undefined || e.created >= gte) && (lte === undefined || e.created <= lte),
  );
  return paginate(all, p, '/v1/events', ctx.store, []);
}

export const eventRoutes: ApiRoute[] = [
  { method: 'GET', path: '/v1/events', handler: list },
  {
    method: 'GET',
    path: '/v1/events/:id',
    handler: (ctx) => {
      const event = ctx.store.eventsById.get(ctx.path.id!);
      if (!event) throw errors.noSuch('event', ctx.path.id!);
      return event;
    },
  },
];
