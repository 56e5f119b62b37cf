import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@ferry/shell-sdk/testing';
import de from '../../public/locales/de/upload.json';
import en from '../../public/locales/en/upload.json';
import { NAMESPACE } from '../i18n';
import { folderKey, type PendingUpload } from '../upload/resume-store';
import { PendingList } from './PendingList';

afterEach(cleanup);

const MB = 1024 * 1024;
const base = { lastModified: 1, fingerprint: 'f', createdAt: 1, expiresAt: '2030-01-01T00:00:00.000Z' };
const folder: PendingUpload = {
  ...base,
  sessionUrl: folderKey('F1'),
  kind: 'folder',
  group: 'F1',
  name: 'upload_2030-01-01_anna_3_files',
  size: 60 * MB,
  confirmed: 0,
  files: [
    { path: 'p/a', size: 10 * MB, lastModified: 1 },
    { path: 'p/b', size: 20 * MB, lastModified: 1 },
    { path: 'p/c', size: 30 * MB, lastModified: 1 },
  ],
};
const kept: PendingUpload[] = [
  folder,
  {
    ...base,
    sessionUrl: 's-a',
    kind: 'folderFile',
    group: 'F1',
    path: 'p/a',
    name: 'a',
    size: 10 * MB,
    confirmed: 10 * MB,
    done: { file: { id: 'a', name: 'p/a' } },
  },
  {
    ...base,
    sessionUrl: 's-b',
    kind: 'folderFile',
    group: 'F1',
    path: 'p/b',
    name: 'b',
    size: 20 * MB,
    confirmed: 5 * MB,
  },
];

async function renderList(pending: PendingUpload[], language = 'en') {
  const i18n = await createTestI18n(NAMESPACE, { en: { [NAMESPACE]: en }, de: { [NAMESPACE]: de } }, language);
  const onForget = vi.fn();
  const onForgetFolder = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <PendingList pending={pending} onForget={onForget} onForgetFolder={onForgetFolder} />
    </I18nextProvider>,
  );
  return { onForget, onForgetFolder };
}

describe('PendingList: an unfinished folder upload', () => {
  it('is one row with files done / total and the bytes confirmed; Forget drops the whole folder', async () => {
    const { onForget, onForgetFolder } = await renderList(kept);
    const rows = screen.getAllByTestId('pending-folder');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent?.replace(/[\u2068\u2069]/g, '')).toContain(
      'upload_2030-01-01_anna_3_files — files finished: 1/3, 15 MB of 60 MB sent.',
    );
    expect(screen.queryAllByTestId('pending-row')).toHaveLength(0);
    // The single-file hint is not shown for a folder: its row says what to pick.
    expect(screen.queryByText(en.resume.hint)).toBeNull();
    fireEvent.click(screen.getByTestId('pending-forget'));
    expect(onForgetFolder).toHaveBeenCalledWith('F1');
    expect(onForget).not.toHaveBeenCalled();
  });

  it('in German', async () => {
    await renderList(kept, 'de');
    expect(screen.getByTestId('pending-folder').textContent).toContain('fertige Dateien: 1/3');
  });
});
