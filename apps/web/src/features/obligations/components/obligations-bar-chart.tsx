import { BarElement, CategoryScale, Chart as ChartJS, type ChartOptions, type ScriptableContext, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

// Loaded only when the chart is opened (React.lazy in chart-view.tsx): Chart.js stays out of the list view.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

const RED = '#c62828';
const BLUE = '#1565c0';

/** Spec section 2: bars with a vertical gradient from red (top) to blue (bottom). */
function gradient(context: ScriptableContext<'bar'>): CanvasGradient | string {
  const { ctx, chartArea } = context.chart;
  // The first draw happens before the layout is known.
  if (!chartArea) return RED;
  const fill = ctx.createLinearGradient(0, chartArea.top, 0, chartArea.bottom);
  fill.addColorStop(0, RED);
  fill.addColorStop(1, BLUE);
  return fill;
}

export type BarChartProps = {
  labels: string[];
  /** PLN for drawing only; the exact amounts are `formatted` (tooltips) and the table. */
  values: number[];
  formatted: string[];
  datasetLabel: string;
  /** What the picture is, for screen readers (the table next to it has the numbers). */
  description: string;
  locale: string;
  /** The value axis's numbers in the reader's style (lib/format). */
  formatTick: (value: number) => string;
};

export default function ObligationsBarChart({ labels, values, formatted, datasetLabel, description, locale, formatTick }: BarChartProps) {
  const reduceMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    // People who ask for less motion (and the browser tests, which ask the same) get no animation.
    animation: reduceMotion ? false : { duration: 400 },
    locale,
    plugins: {
      legend: { display: true, position: 'top' },
      tooltip: { callbacks: { label: (item) => `${datasetLabel}: ${formatted[item.dataIndex] ?? ''}` } },
    },
    scales: {
      y: { beginAtZero: true, ticks: { callback: (value) => formatTick(Number(value)) } },
    },
  };
  return (
    <div className="chart-view__canvas">
      <Bar
        role="img"
        aria-label={description}
        options={options}
        data={{ labels, datasets: [{ label: datasetLabel, data: values, backgroundColor: gradient, borderRadius: 4 }] }}
      />
    </div>
  );
}
