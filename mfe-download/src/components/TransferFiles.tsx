import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sizeLabel } from '@ferry/shell-sdk/format';
import { NAMESPACE } from '../i18n';
import type { TransferFile } from '../lib/share-info';
import { DownloadButton } from './DownloadButton';
import { FileTypeIcon } from './FileTypeIcon';

/** "Download all" starts the next file this long after the one before (the browser takes each as its own download). */
export const DOWNLOAD_ALL_GAP_MS = 800;

/** A file's download URL, with the unlock token of a protected transfer (one unlock covers every file). */
export function fileUrl(file: TransferFile, token: string | undefined): string {
  return token ? `${file.downloadUrl}?token=${encodeURIComponent(token)}` : file.downloadUrl;
}

/**
 * Starts each download one after another through a link the page clicks: each is the gateway's
 * redirect to the drive, so nothing passes through Ferry's servers. Resolves after the last one.
 */
export async function startOneAfterAnother(
  urls: readonly string[],
  onStart: (n: number) => void,
  gapMs = DOWNLOAD_ALL_GAP_MS,
): Promise<void> {
  for (const [n, url] of urls.entries()) {
    if (n > 0) await new Promise((r) => window.setTimeout(r, gapMs));
    onStart(n + 1);
    const a = document.createElement('a');
    a.href = url;
    a.rel = 'nofollow';
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    a.remove();
  }
}

export interface TransferFilesProps {
  files: readonly TransferFile[];
  slug: string;
  /** The unlock token of a protected transfer, once the password was given. */
  token?: string;
  /** Something to show beside a file (e.g. its preview); absent = nothing. */
  preview?: (file: TransferFile) => ReactNode;
}

/** A transfer's files: type, name, size and a download button each, and "Download all". */
export function TransferFiles({ files, slug, token, preview }: TransferFilesProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [starting, setStarting] = useState<number>();
  const busy = useRef(false);

  const downloadAll = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await startOneAfterAnother(
        files.map((f) => fileUrl(f, token)),
        (n) => setStarting(n),
      );
    } finally {
      window.setTimeout(() => {
        busy.current = false;
        setStarting(undefined);
      }, DOWNLOAD_ALL_GAP_MS);
    }
  };

  return (
    <section className="transfer" data-testid="transfer-files" aria-label={t('transfer.listLabel')}>
      <div className="transfer-head">
        <p className="transfer-count" data-testid="transfer-count">
          {t('transfer.count', { count: files.length })}
        </p>
        <button
          type="button"
          className="button download-button transfer-all"
          data-testid="download-all"
          onClick={() => void downloadAll()}
          data-started={starting !== undefined || undefined}
        >
          {starting === undefined
            ? t('transfer.downloadAll')
            : t('transfer.startingAll', { current: starting, total: files.length })}
        </button>
      </div>
      <ul className="transfer-files">
        {files.map((f) => (
          <li key={f.index} data-testid="transfer-file" data-index={f.index}>
            <FileTypeIcon name={f.name} mimeType={f.mimeType} />
            <div className="transfer-file-text">
              <bdi className="transfer-file-name" data-field="file-name">
                {f.name}
              </bdi>
              <bdi className="transfer-file-size" data-field="file-size">
                {sizeLabel(f.size, i18n.language)}
              </bdi>
            </div>
            {preview?.(f)}
            <DownloadButton href={fileUrl(f, token)} slug={slug} label={t('transfer.downloadFile', { name: f.name })} />
          </li>
        ))}
      </ul>
    </section>
  );
}
