/** What a thrown value says, for a log line or a command's output (anything can be thrown). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
