import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  children?: ReactNode;
  /** What the user can do next (a button or link). */
  action?: ReactNode;
  'data-testid'?: string;
}

/** A list or screen with nothing in it yet: what is missing and what to do. */
export function EmptyState({ title, children, action, 'data-testid': testId }: EmptyStateProps) {
  return (
    <div className="ferry-ui-empty" data-testid={testId}>
      <p className="ferry-ui-empty__title">{title}</p>
      {children}
      {action ? <div className="ferry-ui-empty__action">{action}</div> : null}
    </div>
  );
}
