import type { TestClock } from '../domain/objects.js';
import { DAY, unixNow } from '../domain/time.js';
import { errors } from '../http/errors.js';
import { paginate, render } from '../http/render.js';
import { newId } from '../store/ids.js';
import type { ApiContext, ApiRoute } from './context.js';

function find(ctx: ApiContext): TestClock {
  const clock = ctx.store.testClocks.get(ctx.path.id!);
  if (!clock) throw errors.noSuch('test_clock', ctx.path.id!, 'test_clock');
  return clock;
}

function create(ctx: ApiContext): TestClock {
  const frozen = ctx.params.int('frozen_time');
  if (frozen === undefined) throw errors.missing('frozen_time');
  const now = unixNow();
  const clock: TestClock = {
    id: newId('clock'),
    object: 'test_helpers.test_clock',
    created: now,
    deletes_after: now + 30 * DAY,
    frozen_time: frozen,
    livemode: false,
    name: ctx.params.string('name') || null,
    status: 'ready',
    status_details: {},
  };
  ctx.store.testClocks.set(clock.id, clock);
  ctx.events.emit('test_helpers.test_clock.created', clock, now, ctx.request);
  return clock;
}

/**
 * Advancing does everything due up to `frozen_time` (trial ends, renewals, retries, cancellations)
 * and emits their events. As at Stripe the answer says `advancing`; the clock reads `ready` once
 * those events are out (on the next turn of the event loop).
 */
function advance(ctx: ApiContext): TestClock {
  const clock = find(ctx);
  const to = ctx.params.int('frozen_time');
  if (to === undefined) throw errors.missing('frozen_time');
  if (clock.status === 'advancing')
    throw errors.state('The test clock is already advancing. Wait until it is ready.', 'test_clock');
  if (to < clock.frozen_time)
    throw errors.invalid('frozen_time', 'The frozen_time must be after the current frozen_time of the test clock.');
  const before = structuredClone(clock);
  ctx.billing.advance(clock, to);
  clock.status = 'advancing';
  ctx.events.emit('test_helpers.test_clock.advancing', clock, unixNow(), ctx.request, { status: before.status });
  const answer = structuredClone(clock);
  setImmediate(() => {
    clock.status = 'ready';
    ctx.events.emit('test_helpers.test_clock.ready', clock, unixNow(), ctx.request, {
      status: 'advancing',
      frozen_time: before.frozen_time,
    });
  });
  return answer;
}

function remove(ctx: ApiContext): object {
  const clock = find(ctx);
  ctx.store.testClocks.delete(clock.id);
  for (const customer of ctx.store.customers.values())
    if (customer.test_clock === clock.id) ctx.store.customers.delete(customer.id);
  for (const sub of ctx.store.subscriptions.values())
    if (sub.test_clock === clock.id) ctx.store.subscriptions.delete(sub.id);
  ctx.events.emit('test_helpers.test_clock.deleted', clock, unixNow(), ctx.request);
  return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
}

export const testClockRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/test_helpers/test_clocks',
    handler: (ctx) => render(create(ctx), ctx.store, ctx.expand),
  },
  {
    method: 'GET',
    path: '/v1/test_helpers/test_clocks',
    handler: (ctx) =>
      paginate([...ctx.store.testClocks.values()], ctx.params, '/v1/test_helpers/test_clocks', ctx.store, ctx.expand),
  },
  {
    method: 'GET',
    path: '/v1/test_helpers/test_clocks/:id',
    handler: (ctx) => render(find(ctx), ctx.store, ctx.expand),
  },
  { method: 'DELETE', path: '/v1/test_helpers/test_clocks/:id', handler: remove },
  { method: 'POST', path: '/v1/test_helpers/test_clocks/:id/advance', handler: advance },
];
