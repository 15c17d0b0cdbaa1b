// @vitest-environment node
import { expect, test } from 'vitest';
import { keepMarkedMarkup, keptMarkup } from './kept-markup-store.ts';

test('a marked element is kept by its key and the mark taken out of the page', () => {
  const page = keepMarkedMarkup(
    '<header data-kept="frame-test"><nav><nav>in</nav></nav></header><main>the rest</main>',
  );
  expect(page).toBe('<header><nav><nav>in</nav></nav></header><main>the rest</main>');
  expect(keptMarkup.get('frame-test')).toBe('<nav><nav>in</nav></nav>');
});
