import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that hydrates in a pass of its own, after what surrounds it:
 * React keeps a Suspense boundary's server markup as drawn and hydrates it later, so no single
 * task does the whole page's work (a long one delays a phone's first input). Nothing in it may
 * wait for code or data in the browser: it would show nothing meanwhile.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
