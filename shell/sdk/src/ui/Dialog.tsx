import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import type * as ModalSurface from './ModalSurface.js';

export interface DialogProps {
  open: boolean;
  /** Called for Escape, a click outside, or a caller's own close button. */
  onClose(): void;
  /** Names the dialog (`aria-labelledby`). */
  title: ReactNode;
  /** Describes it (`aria-describedby`), when given. */
  description?: ReactNode;
  children?: ReactNode;
  /** While false, Escape and a click outside do nothing (a send in flight). Default true. */
  dismissible?: boolean;
  /** What gets focus when it opens; default the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  'data-testid'?: string;
}

type Surface = typeof ModalSurface;
let surface: Surface | null = null;
let loading: Promise<Surface> | null = null;

/**
 * Loads the dialog's code (Radix Dialog, about 14 kB gzip) ahead of the first open; tests call it
 * once so that dialogs render in the same tick. Without it the code loads when a dialog first opens,
 * so a remote's first visit does not pay for a dialog nobody opened.
 */
export function preloadDialog(): Promise<Surface> {
  loading ??= import('./ModalSurface.js').then(
    (module) => (surface = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * A modal dialog: focus moves in when it opens and stays inside (Tab/Shift+Tab wrap), Escape or a
 * click on the backdrop closes it, the rest of the page is hidden from assistive technology, and
 * focus returns to the element that had it before opening.
 */
export function Dialog(props: DialogProps) {
  const [, setLoaded] = useState(surface !== null);
  useEffect(() => {
    if (!props.open) return undefined;
    if (surface) {
      // Its code arrived after this render and before this effect: render again, with it.
      setLoaded(true);
      return undefined;
    }
    let live = true;
    preloadDialog().then(
      () => live && setLoaded(true),
      (error: unknown) =>
        console.warn('dialog: its code failed to load', error instanceof Error ? error.message : error),
    );
    return () => {
      live = false;
    };
  }, [props.open]);
  if (!surface) return null;
  return <surface.ModalSurface {...props} />;
}

/** The row of buttons at the end of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="ferry-ui-dialog__actions">{children}</div>;
}
