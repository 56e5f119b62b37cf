import { lazy, Suspense, useState, type ReactNode } from 'react';
import { preloadDialog } from '@ferry/shell-sdk/ui';

/** The modal's code and the shared dialog's, fetched side by side: the modal renders whole at once. */
const loadDemoModal = () => Promise.all([import('./DemoModal'), preloadDialog()]).then(([module]) => module);
const DemoModal = lazy(loadDemoModal);

/** Starts fetching that code ahead of a likely click. */
function prefetch(): void {
  void loadDemoModal().catch(() => undefined);
}

export interface DemoButtonProps {
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * 'View demo' (spec §2): opens the demo video in a modal. The modal's code, poster, captions and
 * video load only once it is asked for; nothing of it is part of the landing page's first visit.
 */
export function DemoButton({ disabled, className, children }: DemoButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        data-demo-trigger=""
        aria-haspopup="dialog"
        disabled={disabled}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      {open && (
        <Suspense fallback={null}>
          <DemoModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
