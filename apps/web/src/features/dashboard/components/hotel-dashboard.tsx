import type { HotelDashboard as Dashboard } from '@devstay/shared/contracts/dashboard';
import { formatUsd } from '@devstay/shared/text';
import { timeZoneName } from '@devstay/shared/time-zone-name';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import {
  Caption,
  ColumnHeaders,
  StackedTable,
  Tbody,
  Td,
  Th,
  Tr,
} from '../../../components/stacked-table.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useHotelDashboard } from '../api/dashboard-api.ts';
import {
  nightLabel,
  type OccupancyView,
  occupancyChart,
  occupancyNights,
  revenueAxis,
  revenueRows,
  roomLabels,
} from '../utils/dashboard-data.ts';

const charts = () => import('./dashboard-charts.tsx');
const OccupancyChart = lazy(() => charts().then((m) => ({ default: m.OccupancyChart })));
const RevenueChart = lazy(() => charts().then((m) => ({ default: m.RevenueChart })));

/**
 * A hotel's dashboard (product §2.12): occupancy over the coming nights and revenue over the past
 * months and what is on the books for the coming ones, each a chart and a table of the same numbers — read by screen readers always, shown
 * on the screen on demand.
 */
export function HotelDashboard({
  hotelId,
  picker,
}: {
  /** The hotel shown; null until one is picked. */
  hotelId: number | null;
  /** Where the hotel is chosen (the superAdmin's hotel picker), under the title. */
  picker?: ReactNode;
}) {
  const query = useHotelDashboard(hotelId);
  const titleId = useId();
  let body: ReactNode;
  if (hotelId === null) {
    body = <Text c="dimmed">Choose a hotel to see its occupancy and revenue.</Text>;
  } else if (query.isPending) {
    body = (
      <Group role="status" gap="sm" py="xl">
        <Loader size="sm" aria-hidden="true" />
        <Text fw={500}>Loading the dashboard...</Text>
      </Group>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Could not load the dashboard">
        <Stack gap="sm" align="flex-start">
          <Text>{errorMessage(query.error)}</Text>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </Stack>
      </Alert>
    );
  } else body = <DashboardBody dashboard={query.data} />;
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md">
      <Title order={2} id={titleId}>
        {hotelId !== null && query.data
          ? `Dashboard of ${query.data.hotel.name}`
          : 'Hotel dashboard'}
      </Title>
      {picker}
      {body}
    </Stack>
  );
}

function DashboardBody({ dashboard }: { dashboard: Dashboard }) {
  return (
    <>
      <Text c="dimmed">
        {`Dates in the hotel’s time zone (${timeZoneName(dashboard.hotel.timeZone)} time), where today is ${nightLabel(dashboard.today)}.`}
      </Text>
      <Occupancy dashboard={dashboard} />
      <Revenue dashboard={dashboard} />
    </>
  );
}

/**
 * Out of sight, still read by screen readers: what Mantine's VisuallyHidden does. Written here
 * (as the toggle below instead of SegmentedControl, and no icon on Try again) because each
 * Mantine module this chunk shares with other screens becomes a file of its own, named in the
 * first load's list of what each screen preloads.
 */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Buttons pressed one at a time: which of a few views shows. */
function ViewToggle<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string }[];
}) {
  return (
    <Group gap={0} role="group" aria-label={label}>
      {options.map((o) => (
        <Button
          key={o.value}
          size="sm"
          variant={o.value === value ? 'filled' : 'default'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </Group>
  );
}

const chartFallback = <Skeleton h={280} aria-hidden="true" />;

function Occupancy({ dashboard }: { dashboard: Dashboard }) {
  const [view, setView] = useState<OccupancyView>('total');
  const nights = occupancyNights(dashboard);
  const chart = occupancyChart(dashboard, view);
  const rooms = dashboard.occupancy.rooms;
  const labels = roomLabels(rooms);
  const title = `Occupancy, next ${nights.length} nights`;
  const columns =
    view === 'total'
      ? ['Booked', 'Stock', 'Occupancy']
      : rooms.map((r) => `${labels.get(r.id)}, booked of ${r.stock}`);
  return (
    <ChartCard
      title={title}
      description="Units taken by confirmed bookings, against the rooms’ stock. Holds waiting for their payment are not counted."
      controls={
        <ViewToggle
          label="Occupancy of"
          value={view}
          onChange={setView}
          options={[
            { value: 'total', label: 'Whole hotel' },
            { value: 'rooms', label: 'Each room' },
          ]}
        />
      }
      chart={
        rooms.length === 0 ? (
          <Text c="dimmed">This hotel has no rooms yet.</Text>
        ) : (
          <Suspense fallback={chartFallback}>
            <OccupancyChart data={chart.data} series={chart.series} />
          </Suspense>
        )
      }
      table={
        <StackedTable
          striped
          withTableBorder
          data-testid="occupancy-table"
          // Wider than a phone, a column per room needs room to be read.
          minWidth={`${8 * (columns.length + 1)}rem`}
        >
          <Caption>{`${title}: units booked of the stock, night by night`}</Caption>
          <ColumnHeaders names={['Night', ...columns]} />
          <Tbody>
            {nights.map((n) => {
              const cells =
                view === 'total'
                  ? [
                      n.booked,
                      n.stock,
                      n.stock > 0 ? `${Math.round((n.booked / n.stock) * 100)}%` : '—',
                    ]
                  : n.rooms;
              return (
                <Tr key={n.night}>
                  <Th scope="row">{n.label}</Th>
                  {columns.map((c, i) => (
                    <Td key={c} label={c}>
                      {cells[i]}
                    </Td>
                  ))}
                </Tr>
              );
            })}
          </Tbody>
        </StackedTable>
      }
    />
  );
}

/** Each column of the revenue table: its name and the month's amount it shows. */
const REVENUE_COLUMNS = [
  ['Earned', 'earnedCents'],
  ['On the books', 'onBooksCents'],
  ['Paid', 'capturedCents'],
  ['Refunded', 'refundedCents'],
  ['Net revenue', 'netCents'],
] as const;

function Revenue({ dashboard }: { dashboard: Dashboard }) {
  const rows = revenueRows(dashboard);
  const current = dashboard.today.slice(0, 7);
  const past = rows.filter((r) => r.month <= current).length;
  const title = `Revenue, last ${past} months and next ${rows.length - past}`;
  return (
    <ChartCard
      title={title}
      description="What guests paid for each month’s nights, refunds subtracted: earned for the nights already stayed, on the books for the nights to come (paid ahead). A booking at several hotels counts this hotel’s rooms only."
      chart={
        <Suspense fallback={chartFallback}>
          <RevenueChart
            data={rows.map((r) => ({ label: r.label, earned: r.earned, onBooks: r.onBooks }))}
            axis={revenueAxis(rows)}
          />
        </Suspense>
      }
      table={
        <StackedTable striped withTableBorder data-testid="revenue-table" minWidth="40rem">
          <Caption>{`${title}, in US dollars`}</Caption>
          <ColumnHeaders names={['Month', ...REVENUE_COLUMNS.map(([name]) => name)]} />
          <Tbody>
            {rows.map((r) => (
              <Tr key={r.month}>
                <Th scope="row">{r.label}</Th>
                {REVENUE_COLUMNS.map(([name, amount]) => (
                  <Td key={name} label={name}>
                    {formatUsd(r[amount])}
                  </Td>
                ))}
              </Tr>
            ))}
          </Tbody>
        </StackedTable>
      }
    />
  );
}

/** A chart with its title, and its table: always in the accessibility tree, on screen on demand. */
function ChartCard({
  title,
  description,
  controls,
  chart,
  table,
}: {
  title: string;
  description: string;
  controls?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [tableShown, setTableShown] = useState(false);
  const titleId = useId();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={3} id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <Group gap="xs">
            {controls}
            <Button
              variant="default"
              size="sm"
              aria-pressed={tableShown}
              onClick={() => setTableShown((shown) => !shown)}
              leftSection={<IconTable size={16} aria-hidden="true" />}
            >
              Show as table
            </Button>
          </Group>
        </Group>
        {chart}
        {tableShown ? (
          // On a phone the table stacks (a card per row); wider, it scrolls in its box if need
          // be, a box the keyboard reaches to scroll it.
          <Box
            style={{ overflowX: 'auto' }}
            tabIndex={0}
            role="group"
            aria-label={`${title}, table`}
          >
            {table}
          </Box>
        ) : (
          <div style={VISUALLY_HIDDEN}>{table}</div>
        )}
      </Stack>
    </Paper>
  );
}
