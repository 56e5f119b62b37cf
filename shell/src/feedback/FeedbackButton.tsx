import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

// The dialog's code (and the shared dialog's) loads on the first click, not with the page.
const FeedbackDialog = lazy(() => import('./FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })));

/** The footer's feedback button (spec §9: feedback button on), opening the feedback dialog. */
export function FeedbackButton() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="shell-footer__feedback"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('feedback.button')}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onClose={() => setOpen(false)} page={location.pathname} />
        </Suspense>
      )}
    </>
  );
}
