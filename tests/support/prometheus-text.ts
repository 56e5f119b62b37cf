/**
 * The Prometheus text exposition format (version 0.0.4), parsed strictly: every sample belongs to
 * the family its `# TYPE` line declared, labels are unescaped, values are numbers. (The npm parser
 * parse-prometheus-text-format drops the labels, sums and counts of labelled histograms.)
 */
export interface Sample {
  /** The sample's own name: `x_total`, or `x_bucket` / `x_sum` / `x_count` of a histogram `x`. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const m = LABEL.exec(text);
    if (!m) throw new Error(`bad labels in: ${line}`);
    labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

function parseValue(text: string, line: string): number {
  // As Go's ParseFloat, which Prometheus uses: any case (prom-client writes `Nan`).
  if (/^\+?inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

/** Families by name; throws on a line that is not in the format. */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const help = new Map<string, string>();
  let current: MetricFamily | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('# HELP ')) {
      const [, name = '', ...rest] = line.split(' ').slice(1);
      help.set(name, rest.join(' '));
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice('# TYPE '.length).split(' ');
      if (!name || !type || !TYPES.has(type) || families.has(name)) throw new Error(`bad TYPE line: ${line}`);
      current = { name, type: type as MetricFamily['type'], help: help.get(name) ?? '', samples: [] };
      families.set(name, current);
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const name = m[1]!;
    const suffixes =
      current?.type === 'histogram'
        ? ['_bucket', '_sum', '_count']
        : current?.type === 'summary'
          ? ['', '_sum', '_count']
          : [''];
    if (!current || !suffixes.some((s) => name === current!.name + s))
      throw new Error(`sample outside its family (${current?.name ?? 'none'}): ${line}`);
    current.samples.push({ name, labels: parseLabels(m[3] ?? '', line), value: parseValue(m[4]!, line) });
  }
  return families;
}
