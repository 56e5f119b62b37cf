import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import i18next, { type Resource } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { ShellProvider } from './context.js';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, SWITCHER_LANGUAGES, type LanguageCode } from './languages.js';
import type { RemoteAppProps, ShellContextValue } from './types.js';

/** One page a remote pre-renders: its name (the gateway's `prerender/<name>/<lng>.html`) and route. */
export interface PrerenderPage {
  name: string;
  path: string;
  /** Data the page needs before it can render at once (e.g. its content chunk in that language). */
  prepare?: (language: LanguageCode) => Promise<unknown>;
}

export interface PrerenderOptions {
  App: ComponentType<RemoteAppProps>;
  /** The remote's i18next namespace (its strings are `locales/<lng>/<namespace>.json` in the build). */
  namespace: string;
  pages: readonly PrerenderPage[];
  /** The remote's build folder: strings are read from it, pages written into it. */
  distDir: string;
}

/** The shell as it is before anything ran: nobody signed in yet, sign-in not ready, the root host. */
function shellBeforeStart(language: LanguageCode): ShellContextValue {
  return {
    mode: 'host',
    i18nReady: true,
    language,
    languages: SWITCHER_LANGUAGES,
    changeLanguage: async () => undefined,
    host: { kind: 'root' },
    rootUrl: (p) => p,
    navigate: () => undefined,
    auth: null,
  };
}

async function strings(distDir: string, language: string, namespace: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(distDir, 'locales', language, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** Renders one route of a remote's `./App` to HTML in one language, as the shell would show it before sign-in. */
export async function renderRemotePage(
  options: PrerenderOptions,
  page: PrerenderPage,
  language: LanguageCode,
): Promise<string> {
  const resources: Resource = {
    [language]: { [options.namespace]: await strings(options.distDir, language, options.namespace) },
  };
  if (language !== FALLBACK_LANGUAGE) {
    resources[FALLBACK_LANGUAGE] = {
      [options.namespace]: await strings(options.distDir, FALLBACK_LANGUAGE, options.namespace),
    };
  }
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [options.namespace],
    defaultNS: options.namespace,
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await page.prepare?.(language);
  const { App } = options;
  return renderToString(
    <I18nextProvider i18n={instance}>
      <ShellProvider value={shellBeforeStart(language)}>
        <MemoryRouter initialEntries={[page.path]}>
          <div className="remote" data-remote-slot="prerendered">
            <App mode="host" />
          </div>
        </MemoryRouter>
      </ShellProvider>
    </I18nextProvider>,
  );
}

/**
 * Writes `prerender/<page>/<lng>.html` into the remote's build for every page and language: the
 * text a visitor sees before any JavaScript ran. It ships inside the remote's versioned folder, so
 * a release of the remote (a manifest change) ships its pages with it.
 */
export async function prerenderPages(options: PrerenderOptions): Promise<number> {
  let written = 0;
  for (const page of options.pages) {
    const dir = path.join(options.distDir, 'prerender', page.name);
    await mkdir(dir, { recursive: true });
    for (const language of SUPPORTED_LANGUAGES) {
      await writeFile(path.join(dir, `${language}.html`), await renderRemotePage(options, page, language));
      written += 1;
    }
  }
  return written;
}
