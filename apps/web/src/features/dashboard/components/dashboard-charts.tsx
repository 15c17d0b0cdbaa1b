// Loaded on its own when a dashboard shows (React.lazy): the charts library stays out of every
// other screen's code, the first load's above all.
// The legend's swatches are Mantine's ColorSwatch, whose styles the first load does not carry.
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/charts/styles.layer.css';
import { formatUsd, priceToCents } from '@devstay/shared/text';
import { BarChart, LineChart } from '@mantine/charts';
import type { ChartSeries } from '../utils/dashboard-data.ts';

const CHART_HEIGHT = 280;

/**
 * The charts draw what the tables beside them say: hidden from assistive technology, which reads
 * the tables, and without recharts' keyboard layer (nothing in them to reach that the table lacks).
 */

export function OccupancyChart({
  data,
  series,
}: {
  data: Record<string, string | number>[];
  series: ChartSeries[];
}) {
  return (
    <div aria-hidden="true" data-testid="occupancy-chart">
      <BarChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="label"
        series={series}
        type="stacked"
        xAxisLabel="Night"
        yAxisLabel="Units"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        accessibilityLayer={false}
        tooltipAnimationDuration={0}
        yAxisProps={{ allowDecimals: false }}
        xAxisProps={{ minTickGap: 12 }}
      />
    </div>
  );
}

export function RevenueChart({ data }: { data: Record<string, string | number>[] }) {
  return (
    <div aria-hidden="true" data-testid="revenue-chart">
      <LineChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="label"
        // Net revenue drawn last: on top of the refunds' line where both are $0.
        series={[
          { name: 'refunded', label: 'Refunded', color: 'red.6' },
          { name: 'net', label: 'Net revenue', color: 'teal.7' },
        ]}
        xAxisLabel="Month"
        yAxisLabel="US dollars"
        valueFormatter={(dollars) => formatUsd(priceToCents(dollars))}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        curveType="linear"
        accessibilityLayer={false}
        tooltipAnimationDuration={0}
        yAxisProps={{ width: 90 }}
      />
    </div>
  );
}
