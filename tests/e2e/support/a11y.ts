import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Accessibility and phone-size checks of the page as it is now. Each returns readable problems
 * (empty: none), so one journey can visit many states and report every problem at the end.
 */

/** The two sizes every screen is checked at. */
export const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Size = (typeof SIZES)[number];

/** WCAG 2.5.5/2.5.8 as the product applies it: a control is at least 44 px high on a phone. */
export const MIN_TARGET_PX = 44;

/** axe-core's serious and critical violations on the page. */
export async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 4)
          .join(' | ')}`,
    );
}

/** A page wider than the viewport scrolls sideways: a layout that does not fit a phone. */
export async function horizontalScrollProblems(page: Page): Promise<string[]> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
  });
  return scrollWidth <= clientWidth ? [] : [`scrolls sideways: ${scrollWidth} px wide in ${clientWidth} px`];
}

/**
 * Visible interactive elements lower than 44 px. Links inside running text (a paragraph or list
 * item with other text around them) are exempt, as WCAG 2.5.8 allows.
 */
export async function touchTargetProblems(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [tabindex]:not([tabindex="-1"])';
    const inRunningText = (el: Element): boolean => {
      if (el.tagName !== 'A') return false;
      const block = el.closest('p, li, dd, td, figcaption, blockquote');
      if (!block) return false;
      const own = (el.textContent ?? '').trim();
      return (block.textContent ?? '').trim().length > own.length;
    };
    const describeElement = (el: Element): string => {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const testId = el.getAttribute('data-testid');
      return `<${el.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ''}> "${name}"`;
    };
    const problems: string[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
      // A visually hidden native input (the file picker behind its styled label) is not a target.
      if (el.tagName === 'INPUT' && (box.width <= 1 || box.height <= 1 || Number(style.opacity) === 0)) continue;
      if (inRunningText(el)) continue;
      if (box.height + 0.5 < min) problems.push(`${describeElement(el)} is ${Math.round(box.height)} px high`);
    }
    return problems;
  }, MIN_TARGET_PX);
}
