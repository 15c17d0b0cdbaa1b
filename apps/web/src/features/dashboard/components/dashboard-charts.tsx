// Loaded on its own when a dashboard shows (React.lazy): the charts library stays out of every
// other screen's code, the first load's above all.
// The legend's swatches are Mantine's ColorSwatch, whose styles the first load does not carry.
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/charts/styles.layer.css';
import { formatUsd, priceToCents } from '@devstay/shared/text';
import { BarChart } from '@mantine/charts';
import { type ChartSeries, type DollarAxis, dollarTick } from '../utils/dashboard-data.ts';

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

export function RevenueChart({
  data,
  axis,
}: {
  data: Record<string, string | number>[];
  axis: DollarAxis;
}) {
  return (
    <div aria-hidden="true" data-testid="revenue-chart">
      <BarChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="label"
        // Earned below, what is on the books for the same month on top of it.
        series={[
          { name: 'earned', label: 'Earned', color: 'teal.7' },
          { name: 'onBooks', label: 'On the books', color: 'blue.4' },
        ]}
        type="stacked"
        xAxisLabel="Month"
        yAxisLabel="US dollars"
        valueFormatter={(dollars) => formatUsd(priceToCents(dollars))}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        accessibilityLayer={false}
        tooltipAnimationDuration={0}
        yAxisProps={{
          width: axis.width,
          domain: [0, axis.ticks.at(-1) ?? 0],
          ticks: axis.ticks,
          interval: 0,
          tickFormatter: dollarTick,
        }}
        xAxisProps={{ minTickGap: 8 }}
      />
    </div>
  );
}
