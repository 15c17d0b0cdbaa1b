import { describe, expect, test } from 'vitest';
import { type PendingUpload, percent, uploadQueue } from './upload-queue.ts';

const item = (key: string): PendingUpload => ({
  key,
  name: `${key}.png`,
  preview: `blob:${key}`,
  progress: 0,
  error: null,
});

describe('upload queue', () => {
  test('files upload side by side; progress only moves forward; done ones leave', () => {
    let state = uploadQueue([], { type: 'added', uploads: [item('a'), item('b')] });
    state = uploadQueue(state, { type: 'progress', key: 'a', progress: 0.6 });
    state = uploadQueue(state, { type: 'progress', key: 'a', progress: 0.4 });
    state = uploadQueue(state, { type: 'progress', key: 'b', progress: 7 });
    expect(state.map((u) => u.progress)).toEqual([0.6, 1]);
    state = uploadQueue(state, { type: 'done', key: 'a' });
    expect(state.map((u) => u.key)).toEqual(['b']);
  });

  test("a refused file keeps the server's reason until dismissed", () => {
    let state = uploadQueue([item('a')], {
      type: 'failed',
      key: 'a',
      error: 'a.png: not a picture we take',
    });
    expect(state[0]?.error).toBe('a.png: not a picture we take');
    state = uploadQueue(state, { type: 'dismissed', key: 'a' });
    expect(state).toEqual([]);
  });

  test('percent is whole and bounded', () => {
    expect([percent(-1), percent(0.333), percent(2)]).toEqual([0, 33, 100]);
  });
});
