import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFileName } from '@ferry/rules';
import { sizeLabel } from '@ferry/shell-sdk/format';
// Types only: the contract's schemas stay out of the browser bundle.
import type { ZipEntriesResponse } from '@ferry/http-contract';
import { NAMESPACE } from '../i18n';
import { iconLabel, previewKind } from '../lib/file-kind';

/** The thumbnail's box: the drive's thumbnails are at most 220 px; the box is fixed so nothing shifts. */
export const THUMBNAIL_EDGE = 220;

export interface FilePreviewProps {
  /** The link's code. */
  slug: string;
  fileName: string;
  /** The file's media type, when known (else the name's extension decides). */
  mime?: string;
  /** A protected link before its password: only the icon (previews need the unlock, as the download does). */
  locked?: boolean;
  /** A live unlock token of a protected link. */
  unlockToken?: string;
  /** A transfer's file number (1 to its file count); absent for a link to one file. */
  fileIndex?: number;
}

/** The gateway's preview URL: `?file=n` names a transfer's file, `token=` a protected link's live unlock. */
function api(slug: string, what: 'thumbnail' | 'entries', token?: string, fileIndex?: number): string {
  const query = new URLSearchParams();
  if (fileIndex) query.set('file', String(fileIndex));
  if (token) query.set('token', token);
  const q = query.toString();
  return `/api/links/${encodeURIComponent(slug)}/${what}${q ? `?${q}` : ''}`;
}

/**
 * What can be seen of a file before downloading it: the drive's thumbnail of an image, PDF or video
 * (through the gateway: the owner's drive is never reached from here), the files inside a zip, or
 * else a file-type icon. Self-contained (slug, name, type), so a page listing many files can show
 * one per file.
 */
export function FilePreview({ slug, fileName, mime, locked, unlockToken, fileIndex }: FilePreviewProps) {
  const kind = locked && !unlockToken ? 'icon' : previewKind(fileName, mime);
  if (kind === 'icon') return <FileIcon fileName={fileName} mime={mime} />;
  if (kind === 'zip')
    return (
      <ZipEntries
        slug={slug}
        token={unlockToken}
        fileIndex={fileIndex}
        fallback={<FileIcon fileName={fileName} mime={mime} />}
      />
    );
  return <Thumbnail slug={slug} fileName={fileName} mime={mime} token={unlockToken} fileIndex={fileIndex} />;
}

/** The thumbnail in a fixed box; without one (the drive has none), the icon in the same box: nothing moves. */
function Thumbnail(props: { slug: string; fileName: string; mime?: string; token?: string; fileIndex?: number }) {
  const { t } = useTranslation(NAMESPACE);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <figure className="download-preview download-thumb-box" data-testid="file-preview" data-kind="icon">
        <FileIconSvg fileName={props.fileName} mime={props.mime} />
      </figure>
    );
  return (
    <figure className="download-preview download-thumb-box" data-testid="file-preview" data-kind="thumbnail">
      <img
        className="download-thumbnail"
        src={api(props.slug, 'thumbnail', props.token, props.fileIndex)}
        width={THUMBNAIL_EDGE}
        height={THUMBNAIL_EDGE}
        loading="lazy"
        decoding="async"
        alt={t('preview.thumbnailAlt', { name: props.fileName })}
        data-loaded={loaded || undefined}
        onLoad={() => setLoaded(true)}
        onError={() => setFailed(true)}
      />
    </figure>
  );
}

type Entries = { state: 'loading' } | { state: 'done'; listing: ZipEntriesResponse } | { state: 'failed' };

function ZipEntries({
  slug,
  token,
  fileIndex,
  fallback,
}: {
  slug: string;
  token?: string;
  fileIndex?: number;
  fallback: React.ReactNode;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [entries, setEntries] = useState<Entries>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setEntries({ state: 'loading' });
    fetch(api(slug, 'entries', token, fileIndex), { headers: { accept: 'application/json' }, signal: abort.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const listing = (await res.json()) as ZipEntriesResponse;
        if (!Array.isArray(listing.entries)) throw new Error('bad listing');
        setEntries({ state: 'done', listing });
      })
      .catch(() => {
        if (!abort.signal.aborted) setEntries({ state: 'failed' });
      });
    return () => abort.abort();
  }, [slug, token, fileIndex]);

  if (entries.state === 'failed') return fallback;
  const files = entries.state === 'done' ? entries.listing.entries.filter((e) => !e.directory) : [];
  const headingId = `zip-entries-${slug}-${fileIndex ?? 0}`;
  return (
    <section
      className="download-preview download-zip"
      data-testid="file-preview"
      data-kind="zip"
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{t('preview.filesInside')}</h2>
      {entries.state === 'loading' && <p className="download-zip-status">{t('preview.loading')}</p>}
      {entries.state === 'done' && files.length === 0 && <p className="download-zip-status">{t('preview.empty')}</p>}
      {files.length > 0 && (
        // A long list scrolls inside its box; the box takes focus so a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <ul className="download-zip-list" tabIndex={0} aria-labelledby={headingId}>
          {files.map((e, i) => (
            // Two names may read the same once cleaned: the position keys the row.
            // biome-ignore lint/suspicious/noArrayIndexKey: the listing is fetched once and never reordered
            <li key={i} data-testid="zip-entry">
              <bdi className="download-zip-name" data-field="entry-name">
                {displayFileName(e.name)}
              </bdi>
              <bdi className="download-zip-size" data-field="entry-size">
                {sizeLabel(e.size, i18n.language)}
              </bdi>
            </li>
          ))}
        </ul>
      )}
      {entries.state === 'done' && entries.listing.truncated && (
        <p className="download-zip-status" data-testid="zip-truncated">
          {t('preview.shown', { shown: entries.listing.entries.length, total: entries.listing.total })}
        </p>
      )}
    </section>
  );
}

/** A file-type icon: a document outline with the file's extension in it. */
export function FileIcon({ fileName, mime }: { fileName: string; mime?: string }) {
  return (
    <figure className="download-preview" data-testid="file-preview" data-kind="icon">
      <FileIconSvg fileName={fileName} mime={mime} />
    </figure>
  );
}

function FileIconSvg({ fileName, mime }: { fileName: string; mime?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const label = iconLabel(fileName, mime);
  return (
    <svg
      className="download-file-icon"
      width="72"
      height="88"
      viewBox="0 0 72 88"
      role="img"
      aria-label={t('preview.fileType', { type: label })}
    >
      <path d="M6 2h42l22 22v58a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V6a4 4 0 0 1 4-4z" className="icon-sheet" />
      <path d="M48 2v18a4 4 0 0 0 4 4h18" className="icon-fold" />
      <text x="36" y="64" textAnchor="middle" className="icon-label">
        {label}
      </text>
    </svg>
  );
}
