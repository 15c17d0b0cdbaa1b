/** Shown while the first screen's code arrives (a lazily loaded route opened directly). */
export function RouteLoading() {
  return (
    <div className="route-loading" role="status" aria-live="polite">
      Loading...
    </div>
  );
}
