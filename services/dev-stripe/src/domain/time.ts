export type Interval = 'day' | 'week' | 'month' | 'year';

export const DAY = 86_400;

/** Unix seconds now. */
export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * `anchor` moved by `count` intervals, in UTC. Months and years keep the anchor's day and time,
 * clamped to the month's last day (an anchor on 31 January renews on 28/29 February), as Stripe does.
 */
export function addIntervals(anchor: number, interval: Interval, count: number): number {
  if (interval === 'day') return anchor + count * DAY;
  if (interval === 'week') return anchor + count * 7 * DAY;
  const d = new Date(anchor * 1000);
  const months = interval === 'month' ? count : count * 12;
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Math.floor(Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000);
}
