import { useRef, type ReactNode } from 'react';
import { Button } from './Button.js';
import { Dialog, DialogActions } from './Dialog.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
  /** A destructive action: the confirm button shows the danger variant. */
  destructive?: boolean;
  /** The confirmed action is running: both buttons wait, Escape and outside clicks do nothing. */
  busy?: boolean;
  children?: ReactNode;
  'data-testid'?: string;
}

/** A question with a confirm and a cancel button; focus starts on cancel, the safe choice. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  destructive = false,
  busy = false,
  children,
  'data-testid': testId,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      dismissible={!busy}
      initialFocus={cancelRef}
      data-testid={testId}
    >
      {children}
      <DialogActions>
        <Button ref={cancelRef} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
