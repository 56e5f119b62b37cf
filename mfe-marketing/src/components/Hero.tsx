import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useShell } from '@ferry/shell-sdk';
import { NAMESPACE } from '../i18n';
import { DemoButton } from './demo/DemoButton';

/** 'Try' and 'Demo' stay disabled until the sign-in capability is ready (spec §2). */
export function TryButtons({ demo = true }: { demo?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { auth } = useShell();
  const ready = auth?.authReady;
  return (
    <div className="marketing-actions">
      <button type="button" disabled={!ready} onClick={() => auth?.login()}>
        {t('hero.try')}
      </button>
      {demo && <DemoButton disabled={!ready}>{t('hero.demo')}</DemoButton>}
      {!ready && <p className="marketing-note">{t('hero.signInPending')}</p>}
    </div>
  );
}

/** The product itself (the upload screen; a visitor signs in first and lands there). */
export function GoToProduct() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Link className="marketing-product-link" to="/upload">
      {t('hero.goToProduct')}
    </Link>
  );
}

export function Hero() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <header className="marketing-hero">
      <h1>{t('hero.title')}</h1>
      <p>{t('hero.subtitle')}</p>
      <TryButtons />
    </header>
  );
}
