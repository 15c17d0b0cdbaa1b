import { HOTEL_SORTS, type HotelSort } from '@devstay/shared/constants';
import type { HotelAttributeParam } from '@devstay/shared/hotel-list-params';
import { Button, NativeSelect, TextInput } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconFilterOff,
  IconMapPin,
  IconSearch,
  IconStar,
} from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { KeptElement } from '../../../components/kept-markup.tsx';
import { ATTRIBUTE_FILTERS } from '../hooks/hotel-filters.ts';
import classes from './hotel-toolbar.module.css';

interface HotelToolbarProps {
  /** The text in the search box. */
  text: string;
  onTextChange: (text: string) => void;
  sort: HotelSort | undefined;
  /** Live search on each change of the box. */
  onType: (text: string, replace: boolean) => void;
  /** The search button: searches the trimmed text (never an empty one). */
  onSearch: (text: string) => void;
  onOpenFilter: (kind: 'qualification' | 'city' | 'services') => void;
  onPrepareFilter: (kind: 'qualification' | 'city' | 'services') => void;
  onClear: () => void;
  /** The yes/no hotel attributes asked now (`?key=true`), and asking or dropping one. */
  attributes: readonly HotelAttributeParam[];
  onAttribute: (key: HotelAttributeParam, on: boolean) => void;
  onSort: (sort: HotelSort | null) => void;
  /** The stay's fields (dates and rooms), below the search box. */
  stayFields?: ReactNode;
}

const SORT_OPTIONS = [{ value: '', label: 'Default order' }, ...HOTEL_SORTS];

/**
 * Search box, Filter by star, Filter by city, a toggle per yes/no hotel attribute, Clear filters
 * and Sort by (product §2.4). The filter buttons are drawn the same for the same attributes
 * asked, the sort field for the same order: the server draws each once per what it shows, and
 * its key says all of that.
 */
export function HotelToolbar({
  text,
  onTextChange,
  sort,
  onType,
  onSearch,
  onOpenFilter,
  onPrepareFilter,
  onClear,
  attributes,
  onAttribute,
  onSort,
  stayFields,
}: HotelToolbarProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    onSearch(trimmed);
    onTextChange('');
  };

  return (
    <div className={classes.toolbar}>
      <search aria-label="Hotels" className={classes.searchArea}>
        <form onSubmit={submit} className={classes.search}>
          <TextInput
            type="search"
            aria-label="Search hotels by name or destination"
            placeholder="Hotel name or destination"
            value={text}
            onChange={(event) => {
              const value = event.currentTarget.value;
              const replace = text.trim() !== '';
              onTextChange(value);
              onType(value, replace);
            }}
            leftSection={<IconSearch size={18} aria-hidden="true" />}
            className={classes.searchInput}
            autoComplete="off"
            enterKeyHint="search"
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      <div className={classes.stayArea}>{stayFields}</div>
      <KeptElement
        as="div"
        keptAs={`hotel-filters${ATTRIBUTE_FILTERS.map(({ key }) => (attributes.includes(key) ? `-${key}` : '')).join('')}`}
        className={classes.filters}
      >
        <Button
          variant="default"
          leftSection={<IconStar size={18} aria-hidden="true" />}
          onClick={() => onOpenFilter('qualification')}
          onPointerEnter={() => onPrepareFilter('qualification')}
          onFocus={() => onPrepareFilter('qualification')}
          aria-haspopup="dialog"
        >
          Filter by star
        </Button>
        <Button
          variant="default"
          leftSection={<IconMapPin size={18} aria-hidden="true" />}
          onClick={() => onOpenFilter('city')}
          onPointerEnter={() => onPrepareFilter('city')}
          onFocus={() => onPrepareFilter('city')}
          aria-haspopup="dialog"
        >
          Filter by city
        </Button>
        <Button
          variant="default"
          leftSection={<IconDeviceDesktop size={18} aria-hidden="true" />}
          onClick={() => onOpenFilter('services')}
          onPointerEnter={() => onPrepareFilter('services')}
          onFocus={() => onPrepareFilter('services')}
          aria-haspopup="dialog"
        >
          Filter by services
        </Button>
        {ATTRIBUTE_FILTERS.map(({ key, label }) => {
          const on = attributes.includes(key);
          return (
            <Button
              key={key}
              variant={on ? 'filled' : 'default'}
              aria-pressed={on}
              onClick={() => onAttribute(key, !on)}
            >
              {label}
            </Button>
          );
        })}
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={18} aria-hidden="true" />}
          onClick={onClear}
        >
          Clear filters
        </Button>
      </KeptElement>
      <KeptElement as="div" keptAs={`hotel-sort-${sort ?? 'default'}`} className={classes.sortArea}>
        <NativeSelect
          label="Sort by"
          data={SORT_OPTIONS}
          value={sort ?? ''}
          onChange={(event) => onSort((event.currentTarget.value || null) as HotelSort | null)}
          className={classes.sort}
        />
      </KeptElement>
    </div>
  );
}
