import type { ReactNode } from 'react';

export function Section({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <section className="marketing-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
