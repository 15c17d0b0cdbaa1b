/**
 * A booking's short reference, as a guest reads it out or types it: the first eight characters
 * of its id in capitals ('3F0C2A4E'). The full id stays the booking's number on the receipt.
 */
export function bookingReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
