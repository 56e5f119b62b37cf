import { useEffect, useRef, useState, type ReactNode } from 'react';

type FadeState = 'still' | 'waiting' | 'shown';

/**
 * Fades its children in when they scroll into view. Rendered visible (on the server, without
 * JavaScript, and with prefers-reduced-motion); hidden only by the browser, until it is in view.
 */
export function FadeIn({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FadeState>('still');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setState((s) => (s === 'waiting' ? 'shown' : s));
          observer.disconnect();
        } else setState('waiting');
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={`marketing-fade ${className}`.trim()} data-fade={state}>
      {children}
    </div>
  );
}
