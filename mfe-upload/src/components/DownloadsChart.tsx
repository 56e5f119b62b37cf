import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

const DAY_MS = 86_400_000;
const WIDTH = 320;
const HEIGHT = 140;
const AXIS = 18;

/** Every day from the first to the last with downloads, the days between at 0 (at most 60 shown). */
export function dayRange(
  days: ReadonlyArray<{ date: string; downloads: number }>,
): Array<{ date: string; downloads: number }> {
  if (days.length === 0) return [];
  const byDate = new Map(days.map((d) => [d.date, d.downloads]));
  const first = Date.parse(`${days[0]!.date}T00:00:00Z`);
  const last = Date.parse(`${days[days.length - 1]!.date}T00:00:00Z`);
  const out: Array<{ date: string; downloads: number }> = [];
  for (let t = Math.max(first, last - 59 * DAY_MS); t <= last; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push({ date, downloads: byDate.get(date) ?? 0 });
  }
  return out;
}

/**
 * Downloads per day as bars, in plain SVG: a few dozen bars need no chart library, and the bars follow
 * the page's direction (oldest day at the start: left, or right in Arabic and Hebrew).
 */
export function DownloadsChart({
  days,
  label,
}: {
  days: ReadonlyArray<{ date: string; downloads: number }>;
  label: string;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const shown = dayRange(days);
  const max = Math.max(1, ...shown.map((d) => d.downloads));
  const slot = WIDTH / shown.length;
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  const plot = HEIGHT - AXIS;
  const dayLabel = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(i18n.language, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
  return (
    <svg
      className="stats-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${label}: ${shown.map((d) => `${dayLabel(d.date)} ${t('list.downloads', { count: d.downloads })}`).join(', ')}`}
      data-testid="stats-chart"
    >
      <line x1="0" x2={WIDTH} y1={plot} y2={plot} className="stats-axis" />
      {shown.map((d, i) => {
        const height = (d.downloads / max) * (plot - 4);
        const center = (rtl ? shown.length - 1 - i : i) * slot + slot / 2;
        return (
          <g key={d.date}>
            <rect
              x={center - barWidth / 2}
              y={plot - height}
              width={barWidth}
              height={height}
              className="stats-bar"
              data-testid="stats-bar"
              data-date={d.date}
              data-downloads={d.downloads}
            >
              <title>{`${dayLabel(d.date)}: ${t('list.downloads', { count: d.downloads })}`}</title>
            </rect>
            {shown.length <= 14 && (
              <text x={center} y={HEIGHT - 4} textAnchor="middle" className="stats-day">
                {dayLabel(d.date)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
