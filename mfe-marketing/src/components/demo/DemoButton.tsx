import { lazy, Suspense, useState, type ReactNode } from 'react';
import { preloadDialog } from '@ferry/shell-sdk/ui';

const loadDemoModal = () => import('./DemoModal');
const DemoModal = lazy(loadDemoModal);

/** Starts fetching the modal's code (and the dialog's) ahead of a likely click. */
function prefetch(): void {
  void loadDemoModal().catch(() => undefined);
  void preloadDialog().catch(() => undefined);
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
