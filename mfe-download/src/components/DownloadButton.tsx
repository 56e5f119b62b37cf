import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** Spec §4: 'Download started' for 1.2 s; a second trigger within 2 s is ignored. */
export const STARTED_MS = 1_200;
export const DUPLICATE_GUARD_MS = 2_000;

/**
 * A link styled as a button (so it can also be opened in a new tab, as the help text says);
 * the browser follows /api/d/{slug} to the drive and saves the file.
 */
export function DownloadButton({ href, slug, label }: { href: string; slug: string; label?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [started, setStarted] = useState(false);
  const last = useRef(0);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const now = Date.now();
    if (now - last.current < DUPLICATE_GUARD_MS) {
      event.preventDefault();
      return;
    }
    last.current = now;
    setStarted(true);
    window.setTimeout(() => setStarted(false), STARTED_MS);
    try {
      navigator.sendBeacon?.('/api/telemetry', new Blob([JSON.stringify({ slug, ts: now })], { type: 'text/plain' }));
    } catch {
      // telemetry is best effort
    }
  };

  return (
    <a
      className="button download-button"
      href={href}
      onClick={onClick}
      data-started={started || undefined}
      rel="nofollow"
      aria-label={label}
    >
      {started ? t('downloadStarted') : t('download')}
    </a>
  );
}
