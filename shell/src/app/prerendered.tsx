import { useLayoutEffect } from 'react';

/** The element the server puts a pre-rendered page in, beside the hidden `#root` (gateway web/page-html.ts). */
export const PRERENDERED_ELEMENT_ID = 'ferry-prerendered';

/**
 * Swaps the server's pre-rendered page for the app: removes it and unhides `#root`. Called once
 * the app has drawn a page of its own, so the visitor never sees a blank or loading state between.
 */
export function revealApp(doc: Document = document): void {
  const prerendered = doc.getElementById(PRERENDERED_ELEMENT_ID);
  if (!prerendered) return;
  prerendered.remove();
  doc.getElementById('root')?.removeAttribute('hidden');
}

/** Rendered beside a page's content: when that content commits, the app takes the pre-rendered page's place. */
export function PageShown() {
  useLayoutEffect(() => revealApp(), []);
  return null;
}
