import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { Dialog, preloadDialog } from './Dialog.js';

/**
 * Outside act(), the way a lazily loaded page renders: React runs passive effects in a later task,
 * so the dialog's code can finish loading after the Dialog rendered nothing and before its effect.
 */
let root: Root | null = null;
let container: HTMLElement | null = null;
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

beforeAll(async () => {
  // The module is in the module cache, so loading it again takes only microtasks.
  await import('./ModalSurface.js');
});
afterEach(() => {
  root?.unmount();
  container?.remove();
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = undefined;
});

/** Starts the dialog's load during the commit that first renders the Dialog. */
function LoadsDuringCommit() {
  useLayoutEffect(() => {
    void preloadDialog();
  }, []);
  return null;
}

describe('Dialog whose code arrives between its render and its effect', () => {
  it('still opens', async () => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(
      <>
        <LoadsDuringCommit />
        <Dialog open onClose={() => undefined} title="Ferry in action">
          <button type="button">Play</button>
        </Dialog>
      </>,
    );
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
  });
});
