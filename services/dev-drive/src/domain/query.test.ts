import { describe, expect, it } from 'vitest';
import { compileQuery, parseDate, QueryError, type QueryTarget } from './query.js';

const FOLDER = 'application/vnd.google-apps.folder';

function target(over: Partial<QueryTarget> & { name: string }): QueryTarget {
  return {
    mimeType: 'application/octet-stream',
    description: '',
    parents: ['P1'],
    owners: ['alice@example.com'],
    writers: ['alice@example.com'],
    readers: ['alice@example.com'],
    trashed: false,
    starred: false,
    sharedWithMe: false,
    createdTime: Date.parse('2024-01-10T10:00:00Z'),
    modifiedTime: Date.parse('2024-01-10T10:00:00Z'),
    viewedByMeTime: undefined,
    properties: {},
    appProperties: {},
    visibility: 'limited',
    shortcutTargetId: undefined,
    ...over,
  };
}

const FILES: QueryTarget[] = [
  target({
    name: 'HelloWorld.txt',
    mimeType: 'text/plain',
    description: 'greeting for the team',
    createdTime: Date.parse('2023-06-01T00:00:00Z'),
    modifiedTime: Date.parse('2023-06-02T00:00:00Z'),
  }),
  target({ name: '_ferry_uploads', mimeType: FOLDER, parents: ['root', 'R'], appProperties: { ferryRoot: 'true' } }),
  target({ name: "quinn's paper\\essay", mimeType: 'application/pdf', starred: true }),
  target({
    name: 'bundle 2024.zip',
    mimeType: 'application/zip',
    parents: ['F1'],
    appProperties: { ferry: '1', expiresAt: '2024-02-01T00:00:00.000Z' },
    visibility: 'anyoneWithLink',
    modifiedTime: Date.parse('2024-03-01T12:00:00Z'),
  }),
  target({
    name: 'old.zip',
    mimeType: 'application/zip',
    parents: ['F1'],
    trashed: true,
    properties: { color: 'blue' },
    modifiedTime: Date.parse('2022-01-01T00:00:00Z'),
  }),
  target({
    name: 'Report final.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    parents: ['F2'],
    readers: ['alice@example.com', 'bob@example.com'],
  }),
];

const names = (q: string): string[] => FILES.filter(compileQuery(q)).map((f) => f.name);

// [query, expected matching names]
const VALID: [string, string[]][] = [
  ["name = 'old.zip'", ['old.zip']],
  [
    "name != 'old.zip'",
    ['HelloWorld.txt', '_ferry_uploads', "quinn's paper\\essay", 'bundle 2024.zip', 'Report final.docx'],
  ],
  ["name contains 'Hello'", ['HelloWorld.txt']],
  ["name contains 'World'", []],
  ["name contains 'hello'", ['HelloWorld.txt']],
  ["name contains 'final'", ['Report final.docx']],
  ["name contains 'quinn\\'s paper\\\\essay'", ["quinn's paper\\essay"]],
  ['name = "old.zip"', ['old.zip']],
  ["fullText contains 'greeting'", ['HelloWorld.txt']],
  ["fullText contains 'team greeting'", ['HelloWorld.txt']],
  ['fullText contains \'"for the team"\'', ['HelloWorld.txt']],
  ['fullText contains \'"the for"\'', []],
  ["mimeType = 'application/zip'", ['bundle 2024.zip', 'old.zip']],
  [
    "mimeType != 'application/zip' and mimeType contains 'application/'",
    ['_ferry_uploads', "quinn's paper\\essay", 'Report final.docx'],
  ],
  [`mimeType = '${FOLDER}'`, ['_ferry_uploads']],
  ["mimeType contains 'TEXT'", ['HelloWorld.txt']],
  ['trashed = true', ['old.zip']],
  ['trashed = false and starred = true', ["quinn's paper\\essay"]],
  ["trashed != true and mimeType = 'application/zip'", ['bundle 2024.zip']],
  ['starred = false and trashed = true', ['old.zip']],
  ['sharedWithMe = true', []],
  ["'F1' in parents", ['bundle 2024.zip', 'old.zip']],
  ["'root' in parents", ['_ferry_uploads']],
  ["'F1' in parents and trashed = false", ['bundle 2024.zip']],
  ["'bob@example.com' in readers", ['Report final.docx']],
  ["'alice@example.com' in owners and name = 'old.zip'", ['old.zip']],
  ["'alice@example.com' in writers and starred = true", ["quinn's paper\\essay"]],
  ["appProperties has { key='ferryRoot' and value='true' }", ['_ferry_uploads']],
  ["appProperties has {key='ferry' and value='1'} and trashed=false", ['bundle 2024.zip']],
  ["properties has { key='color' and value='blue' }", ['old.zip']],
  ["properties has { key='color' and value='red' }", []],
  [
    "modifiedTime > '2024-01-01T00:00:00'",
    ['_ferry_uploads', "quinn's paper\\essay", 'bundle 2024.zip', 'Report final.docx'],
  ],
  ["modifiedTime < '2023-01-01'", ['old.zip']],
  ["modifiedTime >= '2024-03-01T12:00:00Z' ", ['bundle 2024.zip']],
  ["modifiedTime <= '2024-03-01T13:00:00+01:00' and modifiedTime > '2024-02-01'", ['bundle 2024.zip']],
  ["createdTime = '2023-06-01T00:00:00Z'", ['HelloWorld.txt']],
  ["createdTime != '2024-01-10T10:00:00.000Z'", ['HelloWorld.txt']],
  ["viewedByMeTime > '2000-01-01'", []],
  ["visibility = 'anyoneWithLink'", ['bundle 2024.zip']],
  ["visibility != 'limited'", ['bundle 2024.zip']],
  ["shortcutDetails.targetId = 'x'", []],
  ["name = 'old.zip' or name = 'HelloWorld.txt'", ['HelloWorld.txt', 'old.zip']],
  ["not trashed = true and 'F1' in parents", ['bundle 2024.zip']],
  [
    "not (name contains 'b' or name contains 'o')",
    ['HelloWorld.txt', '_ferry_uploads', "quinn's paper\\essay", 'Report final.docx'],
  ],
  // and binds tighter than or
  ["name = 'old.zip' or name = 'HelloWorld.txt' and trashed = true", ['old.zip']],
  ["(name = 'old.zip' or name = 'HelloWorld.txt') and trashed = false", ['HelloWorld.txt']],
  ["((mimeType = 'application/zip'))", ['bundle 2024.zip', 'old.zip']],
  ["NAME_IS_NOT_A_KEYWORD_TEST = 'x'".replace('NAME_IS_NOT_A_KEYWORD_TEST', 'name'), []],
  ["trashed = FALSE AND mimeType = 'application/zip' OR starred = True", ["quinn's paper\\essay", 'bundle 2024.zip']],
  ['not not trashed = true', ['old.zip']],
];

const INVALID: string[] = [
  '',
  '   ',
  "name = 'unterminated",
  "name == 'x'",
  "name contain 'x'",
  "name < 'x'",
  "fullText = 'x'",
  "title = 'x'",
  'trashed = yes',
  "trashed = 'false'",
  "starred contains 'x'",
  "modifiedTime > 'yesterday'",
  "modifiedTime > '2024-13-45T99:00:00'",
  "modifiedTime contains '2024'",
  "'F1' in folders",
  "'F1' parents",
  'F1 in parents',
  "appProperties has { key='a' }",
  "appProperties has { key='a' value='b' }",
  "appProperties has key='a' and value='b'",
  "appProperties = 'x'",
  "(name = 'x'",
  "name = 'x')",
  "name = 'x' and",
  "or name = 'x'",
  "name = 'x' name = 'y'",
  'not',
  "visibility = 'public'",
  'mimeType = application/zip',
  "name = 'x' && trashed = false",
  "name = 'x\\",
  'sharedWithMe = 1',
];

describe('q grammar (table-driven)', () => {
  it('has at least 40 cases', () => {
    expect(VALID.length + INVALID.length).toBeGreaterThanOrEqual(40);
  });
  it.each(VALID)('valid: %s', (q, expected) => {
    expect(names(q)).toEqual(expected);
  });
  it.each(INVALID)('invalid: %j', (q) => {
    expect(() => compileQuery(q)).toThrow(QueryError);
  });
  it('dates: RFC 3339 with optional time and zone, UTC by default', () => {
    expect(parseDate('2012-06-04T12:00:00')).toBe(Date.parse('2012-06-04T12:00:00Z'));
    expect(parseDate('2012-06-04')).toBe(Date.parse('2012-06-04T00:00:00Z'));
    expect(parseDate('2012-06-04T12:00:00-08:00')).toBe(Date.parse('2012-06-04T20:00:00Z'));
    expect(parseDate('2012-06-04 12:00')).toBeUndefined();
  });
});
