import {
  DASHBOARD_MONTHS,
  DASHBOARD_MONTHS_AHEAD,
  DASHBOARD_NIGHTS,
} from '@devstay/shared/contracts/dashboard';
import { addDays } from '@devstay/shared/stay';

/**
 * The dashboard's spans, from the hotel's today (its calendar date in its zone): nights are
 * yyyy-MM-dd, months yyyy-MM.
 */

/** DASHBOARD_NIGHTS nights from `today` on. */
export function occupancyNights(today: string): string[] {
  return Array.from({ length: DASHBOARD_NIGHTS }, (_, i) => addDays(today, i));
}

/** `month` (yyyy-MM) moved by `months`, across years. */
export function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * DASHBOARD_MONTHS months ending with the month of `today`, then DASHBOARD_MONTHS_AHEAD coming
 * ones, oldest first.
 */
export function revenueMonths(today: string): string[] {
  const current = today.slice(0, 7);
  return Array.from({ length: DASHBOARD_MONTHS + DASHBOARD_MONTHS_AHEAD }, (_, i) =>
    addMonths(current, i - DASHBOARD_MONTHS + 1),
  );
}

/** The first day of `month`. */
export const firstDayOf = (month: string): string => `${month}-01`;
