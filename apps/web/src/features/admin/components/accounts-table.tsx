import '@mantine/core/styles/Table.layer.css';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Narrow action columns are centred. */
  action?: boolean;
}

interface AccountsTableProps<T extends { id: string }> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
}

/** A Mantine table of accounts, named for assistive technology, scrolling sideways on narrow screens. */
export function AccountsTable<T extends { id: string }>({
  caption,
  columns,
  rows,
}: AccountsTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} ta={column.action ? 'center' : undefined} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="account-row">
              {columns.map((column) => (
                <Table.Td key={column.header} ta={column.action ? 'center' : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
