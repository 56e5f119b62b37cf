import { useRef, type ReactNode, type RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { classNames } from './class-names.js';

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

/**
 * A modal dialog (Radix Dialog underneath): focus moves in when it opens and stays inside
 * (Tab/Shift+Tab wrap), Escape or a click on the backdrop closes it, the rest of the page is
 * hidden from assistive technology, and focus returns to the element that had it before opening.
 */
export function Dialog({ open, onClose, title, description, children, dismissible = true, initialFocus, className, 'data-testid': testId }: DialogProps) {
  // Radix returns focus only to its own Trigger; callers open dialogs from their own buttons.
  const opener = useRef<HTMLElement | null>(null);
  const refuseIfBusy = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ferry-ui-dialog-backdrop" />
        <RadixDialog.Content
          className={classNames('ferry-ui-dialog', className)}
          aria-modal="true"
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
          onEscapeKeyDown={refuseIfBusy}
          onInteractOutside={refuseIfBusy}
        >
          <RadixDialog.Title className="ferry-ui-dialog__title">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="ferry-ui-dialog__description">{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The row of buttons at the end of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="ferry-ui-dialog__actions">{children}</div>;
}
