/** What a thrown value says, for a log line or a command's output (anything can be thrown). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A thrown value as an Error, for a handler that takes one (anything can be thrown). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
