import type { Page } from '@playwright/test';

/** A call of a native browser dialog the product must never make. */
export interface NativeDialogCall {
  kind: 'alert' | 'confirm' | 'prompt';
  message: string;
}

/**
 * Replaces `window.alert`, `window.confirm` and `window.prompt` in every page and frame of `page`
 * with stubs that record the call (and answer as a dismissed dialog would). Returns the calls,
 * collected across navigations; a journey ends with `expect(calls).toEqual([])`.
 */
export async function stubNativeDialogs(page: Page): Promise<NativeDialogCall[]> {
  const calls: NativeDialogCall[] = [];
  await page.exposeFunction('__ferryNativeDialog', (kind: NativeDialogCall['kind'], message: string) => {
    calls.push({ kind, message });
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __ferryNativeDialog: (kind: string, message: string) => void })
      .__ferryNativeDialog;
    window.alert = (message?: unknown) => void report('alert', String(message ?? ''));
    window.confirm = (message?: string) => {
      void report('confirm', String(message ?? ''));
      return false;
    };
    window.prompt = (message?: string) => {
      void report('prompt', String(message ?? ''));
      return null;
    };
  });
  // A dialog that slipped past the stubs (opened before they were installed) still counts.
  page.on('dialog', (dialog) => {
    calls.push({ kind: dialog.type() as NativeDialogCall['kind'], message: dialog.message() });
    void dialog.dismiss();
  });
  return calls;
}
