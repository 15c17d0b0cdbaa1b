import { afterEach, expect, test } from 'vitest';
import { readServerState, SERVER_STATE_ID, serializeServerState } from './server-state.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const state = {
  queries: {
    mutations: [],
    queries: [
      {
        queryKey: ['hotels', 'detail', 1],
        queryHash: '["hotels","detail",1]',
        state: { data: { name: 'Inn </script><script>alert(1)</script> <!-- &' } },
      },
    ],
  },
  loaderData: { 'hotel-detail': null },
} as unknown as Parameters<typeof serializeServerState>[0];

test('the data block cannot be closed or commented out by the data, and reads back whole', () => {
  const json = serializeServerState(state);
  expect(json).not.toContain('<');
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`;
  expect(document.querySelectorAll('script')).toHaveLength(1);
  expect(readServerState()).toEqual(state);
});

test('a page without a data block, or with a damaged one, is rendered by the browser', () => {
  expect(readServerState()).toBeNull();
  document.body.innerHTML = `<script type="application/json" id="${SERVER_STATE_ID}">{"queries":</script>`;
  expect(readServerState()).toBeNull();
});
