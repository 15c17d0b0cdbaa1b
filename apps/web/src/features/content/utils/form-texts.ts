import type { ContentForm } from '@devstay/shared/contracts/content';
import { CONTENT_MESSAGES } from '@devstay/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import type { ContentKind } from '../api/content-api.ts';

export interface FormTexts {
  kind: ContentKind;
  method: 'POST' | 'PUT';
  /** What the record is called in messages ('room', 'hotel service'). */
  what: string;
  /** The success toast (product §8). */
  success: string;
  /** The failure toast's title: the product's text where it gives one (§8), ours otherwise. */
  failure: string;
}

/** Per form: its call and toasts (product §2.13, §7.1, §8). */
export const FORM_TEXTS: Record<ContentForm, FormTexts> = {
  roomCreate: {
    kind: 'rooms',
    method: 'POST',
    what: 'room',
    success: 'Rooms created successfully',
    failure: 'An error occurred while creating the room.',
  },
  roomModify: {
    kind: 'rooms',
    method: 'PUT',
    what: 'room',
    success: 'Rooms modify successfully',
    failure: 'Error, when modify Room!!',
  },
  hotelCreate: {
    kind: 'hotels',
    method: 'POST',
    what: 'hotel',
    success: 'Hotel created successfully',
    failure: 'An error occurred while creating the hotel.',
  },
  hotelModify: {
    kind: 'hotels',
    method: 'PUT',
    what: 'hotel',
    success: 'Hotel modified successfully',
    failure: 'An error occurred while updating the hotel.',
  },
  eventCreate: {
    kind: 'events',
    method: 'POST',
    what: 'event',
    success: 'Event created successfully',
    failure: 'An error occurred while creating the event.',
  },
  eventModify: {
    kind: 'events',
    method: 'PUT',
    what: 'event',
    success: 'Event modified successfully',
    failure: 'An error occurred while updating the event.',
  },
  roomServiceCreate: {
    kind: 'serviceRooms',
    method: 'POST',
    what: 'room service',
    success: 'Service created successfully',
    failure: 'An error occurred while creating the service.',
  },
  roomServiceModify: {
    kind: 'serviceRooms',
    method: 'PUT',
    what: 'room service',
    success: 'Service modified successfully',
    failure: 'An error occurred while updating the service.',
  },
  hotelServiceCreate: {
    kind: 'serviceHotels',
    method: 'POST',
    what: 'hotel service',
    success: 'Service created successfully',
    failure: 'An error occurred while creating the service.',
  },
  hotelServiceModify: {
    kind: 'serviceHotels',
    method: 'PUT',
    what: 'hotel service',
    success: 'Service modified successfully',
    failure: 'An error occurred while updating the service.',
  },
};

export interface SaveFailure {
  /** Toast title: the form's failure text. */
  title: string;
  /** Toast text: why, in the server's words when it gave them. */
  message: string;
  /** True when someone else saved the record after it was loaded (409 on the version). */
  stale: boolean;
  /** A field the server named, to show its message under that input. */
  field?: string;
}

/**
 * What a failed save tells the person. A stale version (409 naming `version`) says someone else
 * saved in between; a refusal the server explains (4xx) shows its text; a network failure or a
 * server error shows the form's own failure text. The draft is kept in every case.
 */
export function describeSaveFailure(
  texts: Pick<FormTexts, 'what' | 'failure'>,
  error: unknown,
): SaveFailure {
  if (error instanceof ApiError) {
    if (error.status === 409 && error.field === 'version') {
      return {
        title: texts.failure,
        message: CONTENT_MESSAGES.staleVersion(texts.what),
        stale: true,
      };
    }
    if (error.status >= 400 && error.status < 500) {
      return { title: texts.failure, message: error.message, stale: false, field: error.field };
    }
  }
  // Unreachable server or a 5xx: the form's failure text, and the reason when there is one.
  const reason = error instanceof Error && error.message ? error.message : texts.failure;
  return { title: texts.failure, message: reason, stale: false };
}
