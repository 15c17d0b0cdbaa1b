import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Caption, ColumnHeaders, StackedTable, Tbody, Td, Th, Tr } from './stacked-table.tsx';

function renderTable(minWidth?: string) {
  const { unmount } = render(
    <MantineProvider>
      <StackedTable minWidth={minWidth}>
        <Caption>Revenue</Caption>
        <ColumnHeaders names={['Month', 'Paid']} />
        <Tbody>
          <Tr>
            <Th scope="row">Dec 2026</Th>
            <Td label="Paid">$500.50</Td>
          </Tr>
        </Tbody>
      </StackedTable>
    </MantineProvider>,
  );
  return { table: screen.getByRole('table', { name: 'Revenue' }), unmount };
}

describe('stacked table', () => {
  test('every part names its role, as display: block would otherwise lose it', () => {
    const { table } = renderTable();
    expect(table.getAttribute('role')).toBe('table');
    const roles = [...table.querySelectorAll('thead, tbody, tr, th, td')].map((part) => [
      part.tagName.toLowerCase(),
      part.getAttribute('role'),
    ]);
    expect(roles).toEqual([
      ['thead', 'rowgroup'],
      ['tr', 'row'],
      ['th', 'columnheader'],
      ['th', 'columnheader'],
      ['tbody', 'rowgroup'],
      ['tr', 'row'],
      ['th', 'rowheader'],
      ['td', 'cell'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Paid' }).getAttribute('scope')).toBe('col');
    expect(screen.getByRole('rowheader', { name: 'Dec 2026' }).getAttribute('scope')).toBe('row');
  });

  test('a cell carries its column name for the phone layout', () => {
    renderTable();
    expect(screen.getByRole('cell', { name: '$500.50' }).dataset.label).toBe('Paid');
  });

  test('a minimum width only when asked for one', () => {
    const narrow = renderTable();
    const narrowClasses = [...narrow.table.classList];
    expect(narrow.table.style.getPropertyValue('--stacked-table-min-width')).toBe('');
    narrow.unmount();
    const { table } = renderTable('40rem');
    expect([...table.classList].filter((c) => !narrowClasses.includes(c))).toHaveLength(1);
    expect(table.classList).toHaveLength(narrowClasses.length + 1);
    expect(table.style.getPropertyValue('--stacked-table-min-width')).toBe('40rem');
  });
});
