import type { ReactNode } from 'react';
import { classNames } from './class-names.js';

export type NoticeTone = 'info' | 'success' | 'error';

export interface NoticeProps {
  tone?: NoticeTone;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** How a tone is announced: errors interrupt (`alert`, assertive), the rest wait their turn (`status`, polite). */
export function liveRole(tone: NoticeTone): { role: 'alert' | 'status'; 'aria-live': 'assertive' | 'polite' } {
  return tone === 'error' ? { role: 'alert', 'aria-live': 'assertive' } : { role: 'status', 'aria-live': 'polite' };
}

/** A visible message: progress, copied, sent (polite) or an error (assertive). */
export function Notice({ tone = 'info', children, className, 'data-testid': testId }: NoticeProps) {
  return (
    <div
      {...liveRole(tone)}
      className={classNames('ferry-ui-notice', `ferry-ui-notice--${tone}`, className)}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

export interface LiveRegionProps {
  /** The text to announce; changing it announces the new text. */
  message: string;
  tone?: NoticeTone;
}

/**
 * An always-present, visually hidden region for milestones that have no visible message of their
 * own (a percentage reached, a link copied). Screen readers announce changes only in a region
 * that already exists, so render it before the first message.
 */
export function LiveRegion({ message, tone = 'info' }: LiveRegionProps) {
  return (
    <div {...liveRole(tone)} aria-atomic="true" className="ferry-ui-visually-hidden">
      {message}
    </div>
  );
}
