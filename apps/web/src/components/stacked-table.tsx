import '@mantine/core/styles/Table.layer.css';
import {
  Table,
  type TableProps,
  type TableTbodyProps,
  type TableTdProps,
  type TableTheadProps,
  type TableThProps,
  type TableTrProps,
} from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './stacked-table.module.css';

/*
 * A table that reads as a list of cards on a phone (stacked-table.module.css). Each part carries
 * its ARIA role (table, rowgroup, row, columnheader, rowheader, cell): some browsers drop a
 * table's semantics once its parts are display: block, and screen readers then lose the headers
 * the cells are read with.
 */

interface StackedTableProps extends Omit<TableProps, 'className' | 'style'> {
  /** Wider than a phone, the narrowest the table gets (scrolled inside its box when narrower). */
  minWidth?: string;
}

export function StackedTable({ minWidth, ...props }: StackedTableProps) {
  return (
    <Table
      {...props}
      role="table"
      className={minWidth ? `${classes.stacked} ${classes.wide}` : classes.stacked}
      style={minWidth ? ({ '--stacked-table-min-width': minWidth } as CSSProperties) : undefined}
    />
  );
}

export function Thead(props: TableTheadProps) {
  return <Table.Thead {...props} role="rowgroup" />;
}

export function Tbody(props: TableTbodyProps) {
  return <Table.Tbody {...props} role="rowgroup" />;
}

export function Tr(props: TableTrProps) {
  return <Table.Tr {...props} role="row" />;
}

/** A column's header, or a row's own (scope "row"): the title of the row's card on a phone. */
export function Th({ scope, ...props }: TableThProps & { scope: 'col' | 'row' }) {
  return (
    <Table.Th {...props} scope={scope} role={scope === 'row' ? 'rowheader' : 'columnheader'} />
  );
}

/** A cell; `label`, its column's name, is shown before its value on a phone. */
export function Td({ label, ...props }: TableTdProps & { label: string }) {
  return <Table.Td {...props} data-label={label} role="cell" />;
}

/** The header row of columns named by plain text. */
export function ColumnHeaders({ names }: { names: readonly string[] }) {
  return (
    <Thead>
      <Tr>
        {names.map((name) => (
          <Th key={name} scope="col">
            {name}
          </Th>
        ))}
      </Tr>
    </Thead>
  );
}

/** The table's title, its name for screen readers. */
export const Caption = Table.Caption;
