import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FeedbackButton } from '../feedback/FeedbackButton';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="shell-footer">
      <nav aria-label={t('footer.label')}>
        <Link to="/faq">{t('footer.faq')}</Link>
        <Link to="/terms">{t('footer.terms')}</Link>
        <Link to="/privacy">{t('footer.privacy')}</Link>
        <FeedbackButton />
      </nav>
      <p>{t('footer.rights')}</p>
    </footer>
  );
}
