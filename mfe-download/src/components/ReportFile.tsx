import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

// The dialog's code (and the dialog library) loads on the first click only: a first visit of a
// download page does not pay for a dialog nobody opens.
const ReportDialog = lazy(() => import('./ReportDialog'));

/** "Report this file" under every download page's card (also on a gone link: the team may want to know). */
export function ReportFile({ slug }: { slug: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <div className="download-report">
      {sent ? (
        <p role="status" data-testid="report-sent">
          {t('report.sent')}
        </p>
      ) : (
        <button type="button" className="download-report-open" onClick={() => setOpen(true)} data-testid="report-open">
          {t('report.open')}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            slug={slug}
            onClose={() => setOpen(false)}
            onSent={() => {
              setOpen(false);
              setSent(true);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
