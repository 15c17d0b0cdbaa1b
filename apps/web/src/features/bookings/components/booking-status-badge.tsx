import type { BookingRecord } from '@devstay/shared/contracts/booking';
import { Badge } from '@mantine/core';

/**
 * Confirmed in teal, cancelled in red, the word itself always shown (not colour alone). Filled
 * with the darkest shades: white text on them passes the contrast check (light badges do not).
 */
export function BookingStatusBadge({ status }: { status: BookingRecord['status'] }) {
  return (
    <Badge color={status === 'confirmed' ? 'teal.9' : 'red.9'} variant="filled">
      {status}
    </Badge>
  );
}
