import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../routing/nav';
import { LanguageSwitcher } from './LanguageSwitcher';

export interface HeaderProps {
  items: NavItem[];
  /** Login/Logout buttons call this. */
  onAction?: (action: 'login' | 'logout') => void;
  /** Sign-in buttons stay disabled until the auth context is ready. */
  actionsReady?: boolean;
}

export function Header({ items, onAction, actionsReady = false }: HeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <header className="shell-header">
      <Link to="/" className="brand">
        {t('brand')}
      </Link>
      <nav aria-label={t('nav.label')} className="shell-nav">
        {items.map((item) =>
          item.action ? (
            <button key={item.labelKey} type="button" disabled={!actionsReady} onClick={() => onAction?.(item.action!)}>
              {t(item.labelKey)}
            </button>
          ) : item.external ? (
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
