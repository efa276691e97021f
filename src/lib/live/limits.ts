/** Limits of the live feed: what the console accepts from the broker and how much it asks of it at once. */

/** A message over this many bytes is dropped unread (a panel record with 19 zones is well under 4 kB). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * The largest MQTT packet the console's reader takes, judged from its fixed header before the body is buffered. A
 * message somewhat over the limit above is read, then dropped and counted as oversized (the live chip says so); one
 * announcing more than four times it closes the connection as an error.
 */
export const MAX_PACKET_BYTES = 4 * MAX_MESSAGE_BYTES;

/** Topics per SUBSCRIBE / UNSUBSCRIBE packet: a fleet of thousands goes out in a few packets, none of them huge. */
export const TOPICS_PER_PACKET = 500;

/** Splits a list into packets of at most `size` items. */
export function chunk<T>(items: readonly T[], size: number = TOPICS_PER_PACKET): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

const encoder = new TextEncoder();

/** Whether a payload is over MAX_MESSAGE_BYTES, without encoding a string that is plainly small or plainly large. */
export function isOversized(payload: Uint8Array | string): boolean {
  if (typeof payload !== 'string') return payload.byteLength > MAX_MESSAGE_BYTES;
  // UTF-8 takes one to three bytes per UTF-16 unit: only the uncertain middle needs the real count.
  if (payload.length > MAX_MESSAGE_BYTES) return true;
  if (payload.length * 3 <= MAX_MESSAGE_BYTES) return false;
  return encoder.encode(payload).byteLength > MAX_MESSAGE_BYTES;
}
