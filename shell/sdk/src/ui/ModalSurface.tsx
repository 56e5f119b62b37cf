import { useRef } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { classNames } from './class-names.js';
import type { DialogProps } from './Dialog.js';

/** The dialog itself, on Radix Dialog; `Dialog` loads this module the first time a dialog opens. */
export function ModalSurface({
  open,
  onClose,
  title,
  description,
  children,
  dismissible = true,
  initialFocus,
  className,
  'data-testid': testId,
}: DialogProps) {
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
          {description ? (
            <RadixDialog.Description className="ferry-ui-dialog__description">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
