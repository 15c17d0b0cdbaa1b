import { dateText } from '@devstay/shared/date-text';
import type { DateFormatter } from '@mantine/dates';
import classes from './date-picker-props.module.css';

const ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose another month',
  yearLevelControl: 'Choose another year',
};

/**
 * Accessibility settings shared by the app's date pickers: named calendar buttons, a calendar
 * dialog named after the field's label, and weekend days in a colour with AA contrast.
 */
export function datePickerProps(id: string) {
  return {
    id,
    // The calendar dialog is labelled by the field's label (Mantine gives it the id `${id}-label`).
    popoverProps: { id: `${id}-label` },
    ariaLabels: ARIA_LABELS,
    classNames: { day: classes.day },
  };
}

/** What a date picker shows for its value: the site's dates (`dateText`) in `locale`. */
export function dateInputFormatter(locale: string): DateFormatter {
  const text = (date: unknown) => (typeof date === 'string' ? dateText(date, locale) : '');
  return ({ date, labelSeparator }) =>
    Array.isArray(date)
      ? date
          .map(text)
          .filter((part) => part !== '')
          .join(` ${labelSeparator} `)
      : text(date);
}
