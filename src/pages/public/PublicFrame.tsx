import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../shell/LanguageSwitcher';

/** Common frame of the public pages: product name, language switcher, footer. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="srm-public">
      <header className="srm-public-header">
        <Link to="/login" className="srm-public-brand">
          <span className="srm-logo">SRM</span>
          <span>{t('shell.productName')}</span>
        </Link>
        <LanguageSwitcher light />
      </header>
      <main className="srm-public-main">{children}</main>
      <footer className="srm-public-footer">{t('shell.footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}

/** A titled white card used by the simple public pages. */
export function PublicCard({ title, children, testId, wide }: { title: string; children: ReactNode; testId: string; wide?: boolean }) {
  return (
    <section className={wide ? 'srm-public-card srm-public-card-wide' : 'srm-public-card'} data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
