import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../routing/nav';
import { LanguageSwitcher } from './LanguageSwitcher';

export function Header({ items }: { items: NavItem[] }) {
  const { t } = useTranslation('shell');
  return (
    <header className="shell-header">
      <Link to="/" className="brand">
        {t('brand')}
      </Link>
      <nav aria-label={t('nav.label')} className="shell-nav">
        {items.map((item) =>
          item.external ? (
            <a key={item.labelKey} href={item.to}>
              {t(item.labelKey)}
            </a>
          ) : (
            <Link key={item.labelKey} to={item.to}>
              {t(item.labelKey)}
            </Link>
          ),
        )}
      </nav>
      <LanguageSwitcher />
    </header>
  );
}
