import { describe, expect, it, vi } from 'vitest';
import { createPageViews, type PageViewEnvironment, type Tracker } from './page-views';

function fakeEnv(over: Partial<PageViewEnvironment> = {}) {
  const tracked: Array<{ name: string; url?: string }> = [];
  const init = vi.fn();
  const tracker: Tracker = { init, track: (name, options) => void tracked.push({ name, url: options.url }) };
  const loadTracker = vi.fn(async () => tracker);
  const env: PageViewEnvironment = {
    navigator: {},
    loadConfig: async () => ({ domain: 'ferry.example' }),
    loadTracker,
    ...over,
  };
  return { env, tracked, init, loadTracker };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('createPageViews', () => {
  it('counts each route change with the reduced URL, also views made before the tracker loaded', async () => {
    const { env, tracked, init } = fakeEnv();
    const views = createPageViews(env);
    views.view('https://ferry.example/?lng=de&session=expired');
    await settle();
    views.view('https://anna.ferry.example/Ab3dEf9h?x=1#y');
    expect(tracked).toEqual([
      { name: 'pageview', url: 'https://ferry.example/?lng=de' },
      { name: 'pageview', url: 'https://anna.ferry.example/:code' },
    ]);
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        domain: 'ferry.example',
        endpoint: '/api/event',
        autoCapturePageviews: false,
        bindToWindow: false,
      }),
    );
  });

  it("reduces the tracker's own requests too (engagement events, referrer)", async () => {
    const { env, init } = fakeEnv();
    createPageViews(env);
    await settle();
    const transform = init.mock.calls[0]![0].transformRequest;
    expect(
      transform({
        n: 'engagement',
        u: 'https://ferry.example/r/Ab3dEf9h?t=1',
        r: 'https://mail.example/inbox/123?u=me',
      }),
    ).toEqual({ n: 'engagement', u: 'https://ferry.example/r/:code', r: 'https://mail.example' });
    expect(transform({ n: 'pageview', u: 'javascript:alert(1)' })).toBeNull();
  });

  it.each([
    ['Do Not Track', { doNotTrack: '1' }],
    ['Global Privacy Control', { globalPrivacyControl: true }],
  ])('sends nothing and loads nothing with %s', async (_name, navigator) => {
    const loadConfig = vi.fn(async () => ({ domain: 'ferry.example' }));
    const { env, tracked, loadTracker } = fakeEnv({ navigator, loadConfig });
    createPageViews(env).view('https://ferry.example/');
    await settle();
    expect(loadConfig).not.toHaveBeenCalled();
    expect(loadTracker).not.toHaveBeenCalled();
    expect(tracked).toEqual([]);
  });

  it('stays off (no tracker download) when the gateway names no analytics domain', async () => {
    const { env, tracked, loadTracker } = fakeEnv({ loadConfig: async () => undefined });
    const views = createPageViews(env);
    views.view('https://ferry.example/');
    await settle();
    views.view('https://ferry.example/faq');
    expect(loadTracker).not.toHaveBeenCalled();
    expect(tracked).toEqual([]);
  });
});
