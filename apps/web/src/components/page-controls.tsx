import { Pagination } from '@mantine/core';

interface PageControlsProps {
  pages: number;
  page: number;
  onPage: (page: number) => void;
}

/**
 * The page numbers of a screen's list, each control named for a screen reader ('Page 3',
 * 'next page'); nothing when everything fits on one page.
 */
export function PageControls({ pages, page, onPage }: PageControlsProps) {
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onPage}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
    />
  );
}
