import { CONTENT_MESSAGES } from '@devstay/shared/messages';
import { describe, expect, test } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api.ts';
import { describeSaveFailure, FORM_TEXTS } from './form-texts.ts';

describe('what a failed save says', () => {
  test('a stale version says someone else saved in between', () => {
    const failure = describeSaveFailure(
      FORM_TEXTS.roomModify,
      new ApiError(409, 'whatever the server said', 'version', 'CONFLICT'),
    );
    expect(failure).toEqual({
      title: 'Error, when modify Room!!',
      message: CONTENT_MESSAGES.staleVersion('room'),
      stale: true,
    });
    expect(failure.message).toMatch(/^Someone else saved this room/);
  });

  test("a refusal shows the server's message under the product's failure text, naming the field", () => {
    const failure = describeSaveFailure(
      FORM_TEXTS.roomCreate,
      new ApiError(400, 'There is no room service named sauna', 'services', 'BAD_REQUEST'),
    );
    expect(failure).toEqual({
      title: 'An error occurred while creating the room.',
      message: 'There is no room service named sauna',
      stale: false,
      field: 'services',
    });
  });

  test('an unreachable server or a crash keeps the failure text and the reason', () => {
    expect(
      describeSaveFailure(FORM_TEXTS.hotelCreate, new ApiError(0, NETWORK_ERROR_MESSAGE)),
    ).toEqual({
      title: 'An error occurred while creating the hotel.',
      message: NETWORK_ERROR_MESSAGE,
      stale: false,
    });
    expect(describeSaveFailure(FORM_TEXTS.hotelModify, 'thrown text').message).toBe(
      'An error occurred while updating the hotel.',
    );
  });

  test('success texts of the product', () => {
    expect(FORM_TEXTS.roomCreate.success).toBe('Rooms created successfully');
    expect(FORM_TEXTS.roomModify.success).toBe('Rooms modify successfully');
    expect(FORM_TEXTS.eventModify).toMatchObject({
      success: 'Event modified successfully',
      method: 'PUT',
      kind: 'events',
    });
    expect(FORM_TEXTS.hotelServiceModify.success).toBe('Service modified successfully');
  });
});
