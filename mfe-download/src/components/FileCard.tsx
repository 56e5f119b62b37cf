import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMailAddress } from '@ferry/rules';
import { sizeLabel } from '@ferry/shell-sdk/format';
import { NAMESPACE } from '../i18n';
import { timeLeftLabel } from '../lib/format';
import type { ShareInfo } from '../lib/share-info';
import { DownloadButton } from './DownloadButton';
import { FilePreview } from './FilePreview';
import { MoreTimeRequest } from './MoreTimeRequest';
import { PasswordForm } from './PasswordForm';
import { TransferPanel } from './TransferPanel';

/** "Ask the sender for more time" is offered while less than this is left. */
export const MORE_TIME_WINDOW_MS = 24 * 60 * 60_000;

/** Name, size, sender, a countdown ticking every second, and the download button. */
export function FileCard({ info, sender, slug }: { info: ShareInfo; sender: string; slug: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeftLabel(info.expiresAtMs, now, i18n.language);
  return (
    <div className="download-file" data-testid="download-file">
      {/* A transfer shows each file's type in its list instead. */}
      {left !== undefined && !info.files && (
        <FilePreview slug={slug} fileName={info.fileName} locked={info.passwordRequired} />
      )}
      <p className="download-sender">
        {t('sharedBy')}{' '}
        <strong data-field="sender">
          {/* An address stays whole and left to right (@ferry/shell-sdk/address.css); the anonymous label is words. */}
          {isMailAddress(sender) ? (
            <bdi dir="ltr" className="ferry-address">
              {sender}
            </bdi>
          ) : (
            <bdi>{sender}</bdi>
          )}
        </strong>
      </p>
      <dl>
        <dt>{t('fileName')}</dt>
        {/* <bdi>: a name, '12 MB' or '6d 23h' keeps its own direction in Arabic and Hebrew. */}
        <dd data-field="name">
          <bdi>{info.fileName}</bdi>
        </dd>
        <dt>{t('size')}</dt>
        <dd data-field="size">
          <bdi>{sizeLabel(info.size, i18n.language)}</bdi>
        </dd>
        <dt>{t('timeLeft')}</dt>
        <dd data-field="time-left">
          <bdi>{left ?? t('expired')}</bdi>
        </dd>
      </dl>
      {left !== undefined &&
        (info.files ? (
          <TransferPanel files={info.files} slug={slug} passwordRequired={info.passwordRequired === true} />
        ) : info.passwordRequired ? (
          <PasswordForm slug={slug} />
        ) : (
          <DownloadButton href={info.downloadUrl} slug={slug} />
        ))}
      {left !== undefined && info.expiresAtMs - now < MORE_TIME_WINDOW_MS && <MoreTimeRequest slug={slug} />}
    </div>
  );
}
