/**
 * Every text the product ships, by language, from the five kinds of source that hold them. The
 * convention tests read texts only through here, and `unreadTextFiles` fails the suite when a text
 * file appears that none of these readers covers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatCountdown, formatDate, sizeLabel, SUPPORTED_LANGUAGES, type LanguageCode } from '@ferry/rules';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The five kinds of text source. */
export type SourceKind = 'ui' | 'content' | 'mail' | 'action-page' | 'captions';

/** One readable text: where it comes from, and the words a reader sees (placeholders left as they are). */
export interface Text {
  kind: SourceKind;
  /** Repository path, plus the key or line: 'mfe-upload/public/locales/de/upload.json access.title'. */
  where: string;
  text: string;
  /** The UI namespace ('marketing', 'upload', …) for `ui` texts. */
  namespace?: string;
}

const read = (path: string) => readFileSync(`${repo}${path}`, 'utf8');

/** The remotes and the shell that ship an i18next namespace per language. */
const UI_PACKAGES = ['shell', 'mfe-upload', 'mfe-download', 'mfe-account', 'mfe-marketing'] as const;
const CONTENT_DIR = 'mfe-marketing/content';
const MAIL_DIR = 'services/notification/src/mail';
/** Modules holding one object per language (`  de: { … }`). */
const MULTI_LANGUAGE_MODULES: Record<string, SourceKind> = {
  [`${MAIL_DIR}/more-time-strings.ts`]: 'mail',
  [`${MAIL_DIR}/cleanup-strings.ts`]: 'mail',
  [`${MAIL_DIR}/account-deleted-strings.ts`]: 'mail',
  [`${MAIL_DIR}/account-notice-strings.ts`]: 'mail',
  'services/gateway/src/web/action-page-strings.ts': 'action-page',
  'tests/demo/caption-text.ts': 'captions',
};

/** The string values of an i18next JSON file, by dotted key. */
export function jsonTexts(source: string, file: string, namespace?: string): Text[] {
  const texts: Text[] = [];
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') texts.push({ kind: 'ui', where: `${file} ${key}`, text: node, namespace });
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(JSON.parse(source), '');
  return texts;
}

/** The prose of a Markdown page, line by line; inline code, link targets and heading ids are not prose. */
export function markdownTexts(source: string, file: string): Text[] {
  return source.split('\n').flatMap((line, i) => {
    const text = line
      .replace(/`[^`]*`/g, '')
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/\{#[^}]*\}/g, '')
      .replace(/^description:\s*/, '');
    return /\p{L}/u.test(text) && !/^---$/.test(line)
      ? [{ kind: 'content' as const, where: `${file}:${i + 1}`, text }]
      : [];
  });
}

const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;

/** The string literals of a TypeScript module (or one language's block of it), `${…}` left as a placeholder. */
export function moduleTexts(source: string, file: string, kind: SourceKind): Text[] {
  const texts: Text[] = [];
  for (const match of source.matchAll(LITERAL)) {
    // A literal used as an object key ('trial-ended': …) or an import path is not text.
    const after = source.slice(match.index + match[0].length).trimStart();
    if (after.startsWith(':') || /(?:from|import)\s*$/.test(source.slice(Math.max(0, match.index - 12), match.index)))
      continue;
    const text = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\$\{[^}]*\}/g, '{{value}}');
    // Code inside a module (a language tag, an option name) is not text: text has a space or a non-Latin letter.
    if (!/\p{L}{2}/u.test(text) || !/\s|[^\p{ASCII}]/u.test(text)) continue;
    const line = source.slice(0, match.index).split('\n').length;
    texts.push({ kind, where: `${file}:${line}`, text });
  }
  return texts;
}

/** One language's object in a module that holds every language, or '' when it has none. */
export function languageBlock(source: string, language: LanguageCode): string {
  const start = source.indexOf(`\n  ${language}: {`);
  if (start < 0) return '';
  return source.slice(start, source.indexOf('\n  },', start));
}

/** The formatters' words, shown on screens and in mails: sizes, countdowns and dates, for sample values. */
const FORMATTER_MODULES = ['rules/src/countdown.ts', 'rules/src/size-label.ts', 'rules/src/date-text.ts'];
const DAY = 86_400_000;
function formatterTexts(language: LanguageCode): Text[] {
  const samples = [
    sizeLabel(1.5 * 1024 ** 3, language),
    sizeLabel(12.3 * 1024 ** 2, language),
    ...[DAY + 3_600_000, 2 * DAY, 6 * DAY + 23 * 3_600_000].flatMap((ms) =>
      (['full', 'label', 'words'] as const).map((precision) => formatCountdown(ms, language, precision)),
    ),
    formatDate(Date.UTC(2026, 4, 1, 14), language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  ];
  return samples.map((text, i) => ({
    kind: 'ui',
    where: `${FORMATTER_MODULES[0]} sample ${i}`,
    text,
    namespace: 'formatter',
  }));
}

/** Every text of `language`, from all five kinds of source (the formatters' output counts as screen text). */
export function textsOf(language: LanguageCode): Text[] {
  const texts: Text[] = formatterTexts(language);
  for (const pkg of UI_PACKAGES) {
    const dir = `${pkg}/public/locales/${language}`;
    for (const name of readdirSync(`${repo}${dir}`).filter((n) => n.endsWith('.json')))
      texts.push(...jsonTexts(read(`${dir}/${name}`), `${dir}/${name}`, name.replace(/\.json$/, '')));
  }
  const content = `${CONTENT_DIR}/${language}`;
  for (const name of readdirSync(`${repo}${content}`).filter((n) => n.endsWith('.md')))
    texts.push(...markdownTexts(read(`${content}/${name}`), `${content}/${name}`));
  const mail = `${MAIL_DIR}/strings/${language}.ts`;
  texts.push(...moduleTexts(read(mail), mail, 'mail'));
  for (const [file, kind] of Object.entries(MULTI_LANGUAGE_MODULES))
    texts.push(...moduleTexts(languageBlock(read(file), language), file, kind));
  return texts;
}

/** Every path the readers above cover, for every language. */
function readPaths(): Set<string> {
  const paths = new Set([...Object.keys(MULTI_LANGUAGE_MODULES), ...FORMATTER_MODULES]);
  for (const language of SUPPORTED_LANGUAGES) {
    for (const pkg of UI_PACKAGES) {
      const dir = `${pkg}/public/locales/${language}`;
      for (const name of readdirSync(`${repo}${dir}`)) paths.add(`${dir}/${name}`);
    }
    for (const name of readdirSync(`${repo}${CONTENT_DIR}/${language}`))
      paths.add(`${CONTENT_DIR}/${language}/${name}`);
    paths.add(`${MAIL_DIR}/strings/${language}.ts`);
  }
  return paths;
}

const SKIP_DIRS = new Set(['node_modules', 'dist', 'gen', '.turbo', 'coverage', 'test-results', '.git']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(`${repo}${dir}`, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Words in scripts only a translation uses: a module holding them is a text source. */
const TRANSLATED_SCRIPT = /[\u0590-\u05FF\u0600-\u06FF\u0900-\u09FF\u3040-\u30FF\u4E00-\u9FFF]/;
/** A module that holds one object per language: at least three language codes as keys. */
const LANGUAGE_KEYS = new RegExp(`^\\s+(?:${SUPPORTED_LANGUAGES.join('|')}):\\s*[{'"\`(]`, 'gm');

/** Is this file a text source: a locale file, a content page, or a module with translated text? */
export function isTextSource(path: string, source: string): boolean {
  if (/\/locales\/[a-z]{2}\/[^/]+\.json$/.test(path)) return true;
  if (new RegExp(`^${CONTENT_DIR}/[a-z]{2}/[^/]+\\.md$`).test(path)) return true;
  if (!/\.(ts|tsx)$/.test(path) || /\.(test|spec)\.tsx?$/.test(path)) return false;
  return TRANSLATED_SCRIPT.test(source) && (source.match(LANGUAGE_KEYS)?.length ?? 0) >= 3;
}

/** Where texts live in the tree; a text file anywhere else is not looked for. */
const TEXT_ROOTS = [
  'shell',
  'mfe-upload',
  'mfe-download',
  'mfe-account',
  'mfe-marketing',
  'services',
  'tests/demo',
  'rules/src',
];

/**
 * Text files in the tree that no reader covers. Test files, the tests' own samples and generated
 * output are not shipped text.
 */
export function unreadTextFiles(): string[] {
  const covered = readPaths();
  return TEXT_ROOTS.flatMap((root) => walk(root))
    .filter((path) => !covered.has(path) && isTextSource(path, read(path)))
    .sort();
}
