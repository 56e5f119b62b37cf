import { useTranslation } from 'react-i18next';
import { FadeIn } from '../components/FadeIn';
import { GoToProduct, Hero, TryButtons } from '../components/Hero';
import { Section } from '../components/Section';
import { formatEuro } from '../format';
import { NAMESPACE } from '../i18n';
import { useLivePrices } from '../live-prices';

const BENEFITS = [
  'fastUpload',
  'ownStorage',
  'notifications',
  'security',
  'branding',
  'shareLinks',
  'statistics',
] as const;
const SAFETY = ['privacy', 'noStorage', 'aiFree'] as const;

export function LandingRoute() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.resolvedLanguage ?? 'en';
  const prices = useLivePrices();
  return (
    <article className="marketing-landing">
      <Hero />
      <Section id="benefits" title={t('benefits.title')}>
        <ul className="marketing-grid">
          {BENEFITS.map((key) => (
            <li key={key}>
              <h3>{t(`benefits.${key}`)}</h3>
              <p>{t(`benefits.text.${key}`)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="pricing" title={t('pricing.title')}>
        <FadeIn>
          <p className="marketing-lead">{t('pricing.trial')}</p>
          <ul className="marketing-plans">
            <li className="marketing-plan">
              <h3>{t('pricing.monthly')}</h3>
              <p className="marketing-price">
                {t('pricing.perMonth', { price: formatEuro(prices.monthly, language) })}
              </p>
              <p className="marketing-vat">{t('pricing.inclVat')}</p>
            </li>
            <li className="marketing-plan marketing-plan--best">
              <h3>{t('pricing.yearly')}</h3>
              <p className="marketing-price">{t('pricing.perYear', { price: formatEuro(prices.yearly, language) })}</p>
              <p className="marketing-vat">{t('pricing.inclVat')}</p>
              <span className="badge">{t('pricing.bestValue')}</span>
            </li>
          </ul>
          <p className="marketing-note marketing-centered">{t('pricing.note')}</p>
        </FadeIn>
      </Section>
      <Section id="integrations" title={t('integrations.title')}>
        <ul className="marketing-cards">
          <li>
            <h3>{t('integrations.drive')}</h3>
            <p>{t('integrations.text.drive')}</p>
          </li>
          <li className="marketing-soon">
            <h3>{t('integrations.more')}</h3>
            <p>{t('integrations.text.more')}</p>
            <span className="badge">{t('integrations.comingSoon')}</span>
          </li>
        </ul>
      </Section>
      <Section id="safety" title={t('safety.title')}>
        <ul className="marketing-cards marketing-checks">
          {SAFETY.map((key) => (
            <li key={key}>
              <h3>{t(`safety.${key}`)}</h3>
              <p>{t(`safety.text.${key}`)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="cta" title={t('cta.title')}>
        <p className="marketing-lead">{t('cta.text')}</p>
        <TryButtons demo={false} />
        <GoToProduct />
      </Section>
    </article>
  );
}
