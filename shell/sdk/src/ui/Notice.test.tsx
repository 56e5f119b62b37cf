import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { EmptyState } from './EmptyState.js';
import { LiveRegion, Notice } from './Notice.js';
import { Skeleton } from './Skeleton.js';
import { StatusBadge } from './StatusBadge.js';

afterEach(cleanup);

describe('Notice', () => {
  it('announces progress, copied and sent politely', () => {
    for (const tone of ['info', 'success'] as const) {
      render(<Notice tone={tone}>Email sent successfully!</Notice>);
      const notice = screen.getByRole('status');
      expect(notice.getAttribute('aria-live')).toBe('polite');
      expect(notice.textContent).toBe('Email sent successfully!');
      cleanup();
    }
  });

  it('announces errors assertively', () => {
    render(<Notice tone="error">receiver mail failed</Notice>);
    const notice = screen.getByRole('alert');
    expect(notice.getAttribute('aria-live')).toBe('assertive');
    expect(notice.className).toContain('ferry-ui-notice--error');
  });

  it('keeps a live region in place between messages', () => {
    const { rerender } = render(<LiveRegion message="" />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('aria-atomic')).toBe('true');
    rerender(<LiveRegion message="Link copied" />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Link copied');
    rerender(<LiveRegion message="Upload failed" tone="error" />);
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive');
  });
});

describe('status parts', () => {
  it('a skeleton is a busy status read as its label, its lines hidden', () => {
    render(<Skeleton label="Loading…" lines={2} />);
    const skeleton = screen.getByRole('status', { name: '' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.textContent).toBe('Loading…');
    expect(skeleton.querySelectorAll('[aria-hidden="true"]')).toHaveLength(2);
  });

  it('a badge and an empty state show their texts', () => {
    render(
      <>
        <StatusBadge tone="success">Pro (Annual)</StatusBadge>
        <EmptyState title="No files yet" action={<button type="button">Choose files</button>}>
          Drop a file to share it.
        </EmptyState>
      </>,
    );
    expect(screen.getByText('Pro (Annual)').className).toBe('ferry-ui-badge ferry-ui-badge--success');
    expect(screen.getByText('No files yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
  });
});
