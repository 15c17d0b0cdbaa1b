import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useDateText } from './date-text.ts';

describe('useDateText', () => {
  afterEach(() => vi.restoreAllMocks());

  test('writes in the browser’s language', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    const { result } = renderHook(() => useDateText());
    expect(result.current('2026-12-15')).toBe('Tue, 15 Dec 2026');
  });
});
