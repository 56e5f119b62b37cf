import type { ReactNode } from 'react';
import { classNames } from './class-names.js';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'danger';

export interface StatusBadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** A short status word in a coloured pill (Trial, Pro, Expired). */
export function StatusBadge({ tone = 'neutral', children, className, 'data-testid': testId }: StatusBadgeProps) {
  return (
    <span className={classNames('ferry-ui-badge', `ferry-ui-badge--${tone}`, className)} data-testid={testId}>
      {children}
    </span>
  );
}
