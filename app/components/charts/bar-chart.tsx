// A horizontal bar chart drawn on the server as SVG (visx scales and shapes): it needs no JavaScript,
// scales with its box (viewBox), mirrors for right-to-left pages, and carries its figures as a table
// for screen readers.
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useTranslation } from '~/components/translation';
import { formatNumber } from '../format';

export interface BarDatum {
  key: string;
  label: string;
  value: number;
  /** A Joy palette colour name; primary when unset. */
  colour?: 'primary' | 'success' | 'warning' | 'danger' | 'neutral';
}

const WIDTH = 560;
const ROW = 34;
const LABEL = 170;
/** Room kept for the figures past the longest bar: at least this, more for long ones (money). */
const VALUE = 56;
/** About the width of one character of a figure (13px, semi-bold), to keep room for the longest. */
const FIGURE_CHAR = 8;
/** Between a bar's end and its figure. */
const GAP = 8;

export function BarChart({
  title,
  data,
  valueLabel,
  format,
}: {
  title: string;
  data: readonly BarDatum[];
  /** Said after each figure in the text version ("orders"); empty when `format` says it all. */
  valueLabel: string;
  /** How a figure is written (money, percent); a plain number by default. */
  format?: (value: number) => string;
}) {
  const { i18n } = useTranslation();
  const show = format ?? ((value: number) => formatNumber(value, i18n.language));
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const height = Math.max(ROW, data.length * ROW);
  const longest = Math.max(0, ...data.map((d) => show(d.value).length));
  const barSpace = WIDTH - LABEL - GAP - Math.max(VALUE, longest * FIGURE_CHAR);
  const y = scaleBand({ domain: data.map((d) => d.key), range: [0, height], padding: 0.25 });
  const max = Math.max(1, ...data.map((d) => d.value));
  const x = scaleLinear({ domain: [0, max], range: [0, barSpace] });
  // Left to right: label | bar → | value. Right to left: the same, mirrored.
  const place = (start: number, width: number) => (rtl ? WIDTH - start - width : start);
  const titleId = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        style={{ maxWidth: WIDTH, display: 'block' }}
      >
        <title id={titleId}>{title}</title>
        <Group>
          {data.map((d) => {
            const top = y(d.key) ?? 0;
            const barWidth = x(d.value);
            const middle = top + y.bandwidth() / 2;
            return (
              <g key={d.key}>
                <text
                  x={rtl ? WIDTH - 4 : 4}
                  y={middle}
                  dominantBaseline="middle"
                  textAnchor="start"
                  direction={rtl ? 'rtl' : 'ltr'}
                  fontSize={13}
                  fill="var(--joy-palette-text-secondary)"
                >
                  {d.label}
                </text>
                <Bar
                  x={place(LABEL, barWidth)}
                  y={top}
                  width={barWidth}
                  height={y.bandwidth()}
                  rx={4}
                  fill={`var(--joy-palette-${d.colour ?? 'primary'}-solidBg)`}
                />
                {/* The figure 8 units past the bar's end. "start" is the reading side of the text, its
                    right in a right-to-left page, so the direction is given, as for the label. */}
                <text
                  x={place(LABEL + barWidth + GAP, 0)}
                  y={middle}
                  dominantBaseline="middle"
                  textAnchor="start"
                  direction={rtl ? 'rtl' : 'ltr'}
                  fontSize={13}
                  fontWeight={600}
                  fill="var(--joy-palette-text-primary)"
                >
                  {show(d.value)}
                </text>
              </g>
            );
          })}
        </Group>
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.key}>
              <th scope="row">{d.label}</th>
              <td>
                {show(d.value)} {valueLabel}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
