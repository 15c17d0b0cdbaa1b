import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { lazyPart, loadLazyParts } from './lazy-part.ts';

function Fields({ label }: { label: string }) {
  return <b>{label}</b>;
}

test('a lazy part is drawn at once by a server render once its code is loaded', async () => {
  let loads = 0;
  const StayFields = lazyPart(async () => {
    loads += 1;
    return Fields;
  });
  const page = () =>
    renderToString(
      <Suspense fallback={<span>fallback</span>}>
        <StayFields label="Check-in" />
      </Suspense>,
    );
  // Its code not loaded, a synchronous render draws the fallback in its place.
  expect(page()).toContain('fallback');
  await loadLazyParts();
  expect(page()).toContain('<b>Check-in</b>');
  expect(page()).not.toContain('fallback');
  expect(loads).toBeGreaterThan(0);
});
