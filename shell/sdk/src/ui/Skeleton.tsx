export interface SkeletonProps {
  /** Read by screen readers instead of the grey shapes ("Loading…"). */
  label: string;
  /** How many grey lines to draw. Default 3. */
  lines?: number;
  'data-testid'?: string;
}

/** Grey placeholder lines while content loads; announced once as a polite status. */
export function Skeleton({ label, lines = 3, 'data-testid': testId }: SkeletonProps) {
  return (
    <div className="ferry-ui-skeleton" role="status" aria-live="polite" aria-busy="true" data-testid={testId}>
      <span className="ferry-ui-visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines that never reorder
        <span key={i} className="ferry-ui-skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}
