import { PRERENDER_SLUG } from '@ferry/rules';
import { prerenderPages } from '@ferry/shell-sdk/prerender';
import App from './App';
import { NAMESPACE } from './i18n';

/** The download page's frame (title, help, footer; the file card loading) in every language. */
export function run(distDir: string): Promise<number> {
  return prerenderPages({
    App,
    namespace: NAMESPACE,
    distDir,
    pages: [{ name: 'download', path: `/r/${PRERENDER_SLUG}` }],
  });
}
