import type { Locator, Page } from '@playwright/test';

/**
 * A visible mouse pointer for the recording (a headless screencast shows no cursor): an arrow that
 * follows mouse events, a ring on each press, and an optional label carried beside it (a folder
 * being dragged). Added to every page as an init script; only the recording has it.
 */
export function installPointer(): void {
  const make = () => {
    if (document.getElementById('ferry-demo-pointer')) return;
    const pointer = document.createElement('div');
    pointer.id = 'ferry-demo-pointer';
    pointer.setAttribute('aria-hidden', 'true');
    Object.assign(pointer.style, {
      position: 'fixed',
      left: '0',
      top: '0',
      zIndex: '2147483647',
      pointerEvents: 'none',
      transform: 'translate(-100px, -100px)',
      direction: 'ltr',
    });
    pointer.innerHTML =
      '<svg width="22" height="28" viewBox="0 0 22 28"><path d="M2 2 L2 22 L7.5 17 L11 26 L14.5 24.5 L11 16 L19 16 Z" fill="#111" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/></svg>';
    const label = document.createElement('div');
    Object.assign(label.style, {
      position: 'absolute',
      left: '22px',
      top: '20px',
      padding: '6px 10px',
      borderRadius: '8px',
      background: '#a61e4d',
      color: '#fff',
      font: '600 14px system-ui, sans-serif',
      whiteSpace: 'nowrap',
      boxShadow: '0 4px 14px rgba(0,0,0,.25)',
      display: 'none',
    });
    pointer.appendChild(label);
    document.documentElement.appendChild(pointer);
    window.addEventListener(
      'mousemove',
      (e) => (pointer.style.transform = `translate(${e.clientX - 2}px, ${e.clientY - 2}px)`),
      true,
    );
    window.addEventListener(
      'mousedown',
      (e) => {
        const ring = document.createElement('div');
        Object.assign(ring.style, {
          position: 'fixed',
          left: `${e.clientX - 18}px`,
          top: `${e.clientY - 18}px`,
          width: '36px',
          height: '36px',
          borderRadius: '50%',
          border: '3px solid #a61e4d',
          zIndex: '2147483646',
          pointerEvents: 'none',
          transition: 'transform .45s ease-out, opacity .45s ease-out',
        });
        document.documentElement.appendChild(ring);
        requestAnimationFrame(() => Object.assign(ring.style, { transform: 'scale(1.6)', opacity: '0' }));
        setTimeout(() => ring.remove(), 600);
      },
      true,
    );
    const folderIcon =
      '<svg width="16" height="13" viewBox="0 0 16 13" style="vertical-align:-1px;margin-inline-end:6px"><path d="M1 2.2C1 1.5 1.5 1 2.2 1h3.6l1.6 1.7h6.4c.7 0 1.2.5 1.2 1.2v6.9c0 .7-.5 1.2-1.2 1.2H2.2C1.5 12 1 11.5 1 10.8z" fill="#fff"/></svg>';
    (window as unknown as { ferryDemoCarry(text: string | null): void }).ferryDemoCarry = (text) => {
      label.innerHTML = folderIcon;
      label.append(text ?? '');
      label.style.display = text ? 'block' : 'none';
    };
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', make);
  else make();
}

/** The mouse's last position per page, so each glide starts where the pointer is. */
const positions = new WeakMap<Page, { x: number; y: number }>();

/** Glides the pointer to the middle of `target` at a human pace. */
export async function glideTo(page: Page, target: Locator, durationMs = 700): Promise<{ x: number; y: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error(`not on screen: ${target}`);
  const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const from = positions.get(page) ?? { x: to.x - 160, y: to.y + 120 };
  if (!positions.has(page)) await page.mouse.move(from.x, from.y);
  await page.mouse.move(to.x, to.y, { steps: Math.max(2, Math.round(durationMs / 16)) });
  positions.set(page, to);
  return to;
}

/** Glides to `target` and clicks it. */
export async function glideAndClick(page: Page, target: Locator): Promise<void> {
  await glideTo(page, target);
  await target.click();
}

/** Shows (or hides, with null) a label carried beside the pointer. */
export async function carry(page: Page, text: string | null): Promise<void> {
  await page.evaluate(
    (t) => (window as unknown as { ferryDemoCarry?(text: string | null): void }).ferryDemoCarry?.(t),
    text,
  );
}
