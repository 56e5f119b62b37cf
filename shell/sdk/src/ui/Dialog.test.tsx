import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from './Button.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Dialog, DialogActions, preloadDialog } from './Dialog.js';

// As after a first open: the dialog's code is loaded, so dialogs render in the same tick.
beforeAll(async () => {
  await preloadDialog();
});
afterEach(cleanup);

/** A page with an opener button and a dialog holding a field and two buttons. */
function Page({ onClose = () => undefined, dismissible = true }: { onClose?: () => void; dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <main>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onClose={close}
        title="Share by e-mail"
        description="You are sharing: a.zip"
        dismissible={dismissible}
      >
        <label>
          Recipients
          <input type="text" />
        </label>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary">Send</Button>
        </DialogActions>
      </Dialog>
    </main>
  );
}

function openFromButton() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its description', () => {
    render(<Page />);
    openFromButton();
    const dialog = screen.getByRole('dialog', { name: 'Share by e-mail' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You are sharing: a.zip',
    );
  });

  it('moves focus into itself when it opens', async () => {
    render(<Page />);
    openFromButton();
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Recipients' })));
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab and Shift+Tab inside: past the last element comes the first, and back', async () => {
    render(<Page />);
    openFromButton();
    const field = screen.getByRole('textbox', { name: 'Recipients' });
    const send = screen.getByRole('button', { name: 'Send' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    send.focus();
    fireEvent.keyDown(send, { key: 'Tab' });
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(field, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(send);
  });

  it('pulls focus back in when something outside takes it', async () => {
    render(<Page />);
    openFromButton();
    const field = screen.getByRole('textbox', { name: 'Recipients' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    screen.getByRole('button', { name: 'Before', hidden: true }).focus();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('hides the rest of the page from assistive technology while open', () => {
    render(<Page />);
    openFromButton();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open', hidden: true })).toBeTruthy();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = openFromButton();
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes on a click outside (the backdrop) and returns focus to the opener', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = openFromButton();
    const backdrop = document.querySelector('.ferry-ui-dialog-backdrop')!;
    // The outside-click listener is attached one tick after opening; a click is pointerdown then click.
    await waitFor(() => {
      fireEvent.pointerDown(backdrop);
      fireEvent.click(backdrop);
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('returns focus to the opener when its own button closes it', async () => {
    render(<Page />);
    const opener = openFromButton();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('ignores Escape and outside clicks while not dismissible', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} dismissible={false} />);
    openFromButton();
    const field = screen.getByRole('textbox', { name: 'Recipients' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.keyDown(field, { key: 'Escape' });
    const backdrop = document.querySelector('.ferry-ui-dialog-backdrop')!;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('ConfirmDialog', () => {
  it('starts on the safe choice and reports confirm or cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete a.zip?"
        confirmLabel="Delete"
        cancelLabel="Keep"
        onConfirm={onConfirm}
        onCancel={onCancel}
        destructive
      />,
    );
    const keep = screen.getByRole('button', { name: 'Keep' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    expect(screen.getByRole('dialog', { name: 'Delete a.zip?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(keep);
    fireEvent.keyDown(keep, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('waits while busy: confirm shows busy, nothing closes it', () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        busy
        title="Cancel?"
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={() => undefined}
        onCancel={onCancel}
      />,
    );
    const yes = screen.getByRole('button', { name: 'Yes' }) as HTMLButtonElement;
    expect(yes.disabled).toBe(true);
    expect(yes.getAttribute('aria-busy')).toBe('true');
    fireEvent.keyDown(yes, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });
});
