import { prerenderPages } from '@ferry/shell-sdk/prerender';
import App from './App';
import { loadContent } from './content/load';
import { NAMESPACE } from './i18n';

/** The pages whose text the gateway shows before any JavaScript ran, in every language. */
export function run(distDir: string): Promise<number> {
  return prerenderPages({
    App,
    namespace: NAMESPACE,
    distDir,
    pages: [
      { name: 'landing', path: '/' },
      { name: 'faq', path: '/faq', prepare: (lng) => loadContent('faq', lng) },
      { name: 'privacy', path: '/privacy', prepare: (lng) => loadContent('privacy', lng) },
      { name: 'terms', path: '/terms', prepare: (lng) => loadContent('terms', lng) },
    ],
  });
}
