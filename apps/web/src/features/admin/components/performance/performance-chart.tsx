import { BarElement, CategoryScale, Chart as ChartJS, type ChartOptions, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

// Loaded only with the Performance tab (React.lazy): Chart.js stays out of the other tabs' download.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

export type PerformanceChartProps = {
  labels: string[];
  series: { label: string; values: number[]; color: string }[];
  /** What the picture is, for screen readers (the table beside it has the numbers). */
  description: string;
  locale: string;
};

export default function PerformanceChart({ labels, series, description, locale }: PerformanceChartProps) {
  const reduceMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reduceMotion ? false : { duration: 400 },
    locale,
    plugins: { legend: { display: true, position: 'top' } },
    scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
  };
  return (
    <div className="performance__canvas">
      <Bar
        role="img"
        aria-label={description}
        options={options}
        data={{ labels, datasets: series.map((entry) => ({ label: entry.label, data: entry.values, backgroundColor: entry.color, borderRadius: 3 })) }}
      />
    </div>
  );
}
