import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFileName } from '@ferry/rules';
import { LiveRegion, Notice } from '@ferry/shell-sdk/ui';
import { NAMESPACE } from '../i18n';
import { UI_TIMINGS } from '../upload/constants';
import type { UploadedItem } from '../upload/engine';
import { QrButton } from './QrCode';

export interface FinishedPanelProps {
  items: UploadedItem[];
  onEmail(item: { name: string; shareUrl: string }): void;
  onCopied?(link: string): void;
}

/** The finish of an upload: "Ready to share", each file's link as text with copy and e-mail beside it. */
export function FinishedPanel({ items, onEmail, onCopied }: FinishedPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const shown = items.filter((i): i is UploadedItem & { shortUrl: string } => !!i.shortUrl);
  if (shown.length === 0) return null;
  return (
    <section className="finished" data-testid="finished" aria-labelledby="ferry-finished-title">
      <Notice tone="success">
        <strong id="ferry-finished-title">{t('done.title')}</strong> {t('done.body')}
      </Notice>
      <ul className="finished-list">
        {shown.map((item) => (
          <FinishedRow key={item.file.id} item={item} onEmail={onEmail} onCopied={onCopied} />
        ))}
      </ul>
    </section>
  );
}

function FinishedRow({
  item,
  onEmail,
  onCopied,
}: {
  item: UploadedItem & { shortUrl: string };
  onEmail: FinishedPanelProps['onEmail'];
  onCopied?: FinishedPanelProps['onCopied'];
}) {
  const { t } = useTranslation(NAMESPACE);
  const [copied, setCopied] = useState(false);
  const name = displayFileName(item.file.name);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(item.shortUrl);
    } catch {
      // clipboard refused: the link stays visible and selectable
    }
    setCopied(true);
    onCopied?.(item.shortUrl);
    setTimeout(() => setCopied(false), UI_TIMINGS.copiedMs);
  };
  return (
    <li data-testid="finished-row">
      <span className="finished-name">{name}</span>
      <a
        className="finished-link"
        href={item.shortUrl}
        target="_blank"
        rel="noreferrer"
        dir="ltr"
        // The name heard starts with the link as shown (WCAG 2.5.3), then says whose link it is.
        aria-label={`${item.shortUrl} (${t('done.linkLabel', { name })})`}
        data-testid="finished-link"
      >
        {item.shortUrl}
      </a>
      <span className="actions">
        <button type="button" onClick={() => void copy()} data-testid="finished-copy">
          {copied ? t('list.copied') : t('list.copy')}
        </button>
        <LiveRegion message={copied ? t('list.copied') : ''} />
        <button
          type="button"
          onClick={() => onEmail({ name: item.file.name, shareUrl: item.shortUrl })}
          data-testid="finished-email"
        >
          {t('list.email')}
        </button>
        <QrButton link={item.shortUrl} fileName={name} testId="finished-qr" />
      </span>
    </li>
  );
}
