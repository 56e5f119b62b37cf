import { useTranslation } from 'react-i18next';
import { Section } from '../components/Section';
import { NAMESPACE } from '../i18n';

const SECTIONS = ['start', 'upload', 'share', 'billing', 'privacy'] as const;

export function FaqRoute() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <article className="marketing-faq">
      <h1>{t('faq.title')}</h1>
      {SECTIONS.map((key) => (
        <Section key={key} id={`faq-${key}`} title={t(`faq.sections.${key}`)} />
      ))}
    </article>
  );
}
