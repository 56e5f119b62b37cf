import { describe, expect, it } from 'vitest';
import { applyMask, FieldMaskError, parseFields, validateMask } from './fields.js';
import { FILE, FILE_LIST, ABOUT } from './schemas.js';

const file = {
  kind: 'drive#file',
  id: 'a',
  name: 'n',
  mimeType: 'm',
  size: '3',
  appProperties: { x: '1' },
  owners: [{ kind: 'drive#user', emailAddress: 'a@x', displayName: 'A', me: true }],
  capabilities: { canEdit: true, canShare: false },
};
const list = {
  kind: 'drive#fileList',
  nextPageToken: 't',
  incompleteSearch: false,
  files: [file, { ...file, id: 'b', size: undefined }],
};
const about = {
  kind: 'drive#about',
  user: { emailAddress: 'a@x', displayName: 'A' },
  storageQuota: { usage: '1', usageInDrive: '1' },
};

const mask = (fields: string, value: unknown, schema = FILE): unknown => {
  const m = parseFields(fields);
  validateMask(m, schema, fields);
  return applyMask(value, m);
};

const CASES: [string, unknown, unknown, typeof FILE][] = [
  ['id', file, { id: 'a' }, FILE],
  ['id,name', file, { id: 'a', name: 'n' }, FILE],
  [' id , name ', file, { id: 'a', name: 'n' }, FILE],
  ['kind,id,name,mimeType', file, { kind: 'drive#file', id: 'a', name: 'n', mimeType: 'm' }, FILE],
  ['owners/emailAddress', file, { owners: [{ emailAddress: 'a@x' }] }, FILE],
  ['owners(emailAddress,me)', file, { owners: [{ emailAddress: 'a@x', me: true }] }, FILE],
  ['capabilities/canEdit', file, { capabilities: { canEdit: true } }, FILE],
  ['appProperties', file, { appProperties: { x: '1' } }, FILE],
  ['thumbnailLink', file, {}, FILE],
  ['*', file, file, FILE],
  [
    'nextPageToken,files(id,size)',
    list,
    { nextPageToken: 't', files: [{ id: 'a', size: '3' }, { id: 'b' }] },
    FILE_LIST,
  ],
  ['files/id', list, { files: [{ id: 'a' }, { id: 'b' }] }, FILE_LIST],
  [
    'files(id),files(name)',
    list,
    {
      files: [
        { id: 'a', name: 'n' },
        { id: 'b', name: 'n' },
      ],
    },
    FILE_LIST,
  ],
  [
    'files(owners(emailAddress))',
    list,
    { files: [{ owners: [{ emailAddress: 'a@x' }] }, { owners: [{ emailAddress: 'a@x' }] }] },
    FILE_LIST,
  ],
  ['files', list, { files: list.files }, FILE_LIST],
  ['kind,files(*)', list, { kind: 'drive#fileList', files: list.files }, FILE_LIST],
  [
    'storageQuota(limit,usage),user(emailAddress)',
    about,
    { storageQuota: { usage: '1' }, user: { emailAddress: 'a@x' } },
    ABOUT,
  ],
  ['storageQuota/usage,user/displayName', about, { storageQuota: { usage: '1' }, user: { displayName: 'A' } }, ABOUT],
];

const INVALID: [string, typeof FILE][] = [
  ['nmae', FILE],
  ['files(id,nmae)', FILE_LIST],
  ['files(id', FILE_LIST],
  ['files)id(', FILE_LIST],
  ['id,,name', FILE],
  ['', FILE],
  ['owners/bogus', FILE],
  ['storageQuota(total)', ABOUT],
  ['id/', FILE],
  ['(id)', FILE],
];

describe('fields masks', () => {
  it.each(CASES)('%s', (fields, value, expected, schema) => {
    expect(mask(fields, value, schema)).toEqual(expected);
  });
  it.each(INVALID)('invalid: %j', (fields, schema) => {
    expect(() => mask(fields, {}, schema)).toThrow(FieldMaskError);
  });
});
