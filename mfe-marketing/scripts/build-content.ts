// Parses content/<lng>/<page>.md into src/gen/content/<lng>/<page>.json, which the remote imports
// per language (one hashed chunk each). A language without a translation of a page gets the
// English document (its `language` says so, and the page marks it lang="en").
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseContent } from '../src/content/parse.ts';
import { CONTENT_PAGES } from '../src/content/types.ts';

const source = new URL('../content/', import.meta.url);
const out = new URL('../src/gen/content/', import.meta.url);
const FALLBACK_LANGUAGE = 'en';
// The remote's languages are its locale folders (its locale test holds them to the supported list).
const SUPPORTED_LANGUAGES = readdirSync(new URL('../public/locales/', import.meta.url));

rmSync(out, { recursive: true, force: true });
for (const page of CONTENT_PAGES) {
  const english = parseContent(
    readFileSync(new URL(`${FALLBACK_LANGUAGE}/${page}.md`, source), 'utf8'),
    page,
    FALLBACK_LANGUAGE,
  );
  for (const language of SUPPORTED_LANGUAGES) {
    const file = new URL(`${language}/${page}.md`, source);
    const doc = existsSync(file) ? parseContent(readFileSync(file, 'utf8'), page, language) : english;
    mkdirSync(new URL(`${language}/`, out), { recursive: true });
    writeFileSync(new URL(`${language}/${page}.json`, out), JSON.stringify(doc));
  }
}
