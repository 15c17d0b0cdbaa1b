import { Button, type ButtonProps } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';

interface CalendarDownloadProps extends Pick<ButtonProps, 'variant' | 'size' | 'mt'> {
  /** The API's address of the .ics file. */
  href: string;
  /** What the file holds, for the accessible name ('Add {what} to your calendar'). */
  what: string;
}

/**
 * Downloads a calendar file (.ics) the API makes: a plain link the browser saves (the API
 * names the file), so any calendar application can open it.
 */
export function CalendarDownload({
  href,
  what,
  variant = 'default',
  ...rest
}: CalendarDownloadProps) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant={variant}
      leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
      aria-label={`Add ${what} to your calendar`}
      {...rest}
    >
      Add to calendar
    </Button>
  );
}
