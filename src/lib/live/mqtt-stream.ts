/** The server's byte stream cut into packets, whatever the WebSocket frames' boundaries. */
import { decodeServerPacket } from './mqtt-decode.ts';
import { MAX_REMAINING_LENGTH, MalformedPacketError, OversizedPacketError, type ServerPacket } from './mqtt-wire.ts';

/**
 * Decodes the server's byte stream packet by packet, whatever the frames' boundaries. A MalformedPacketError, or an
 * OversizedPacketError for a packet whose fixed header announces more than `maxPacketBytes` (header included), leaves
 * the decoder unusable (the connection is to be closed): the announced body is never buffered.
 */
export class PacketDecoder {
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private failed = false;

  constructor(private readonly maxPacketBytes: number = MAX_REMAINING_LENGTH + 5) {}

  /** The bytes held for a packet not yet complete. */
  get bufferedBytes(): number {
    return this.buffered;
  }

  /** Takes the next bytes; returns the packets they complete, in order. */
  push(bytes: Uint8Array): ServerPacket[] {
    if (this.failed) throw new MalformedPacketError('the stream was already refused');
    if (bytes.length > 0) {
      this.chunks.push(bytes);
      this.buffered += bytes.length;
    }
    const packets: ServerPacket[] = [];
    try {
      for (;;) {
        const header = this.header();
        if (!header) return packets;
        if (header.size + header.length > this.maxPacketBytes) {
          throw new OversizedPacketError(header.size + header.length, this.maxPacketBytes);
        }
        if (this.buffered < header.size + header.length) return packets;
        const whole = this.take(header.size + header.length);
        packets.push(decodeServerPacket(whole[0]!, whole.subarray(header.size)));
      }
    } catch (error) {
      this.failed = true;
      this.chunks = [];
      this.buffered = 0;
      throw error;
    }
  }

  /** The byte at `index` of what is buffered. */
  private at(index: number): number {
    for (const chunk of this.chunks) {
      if (index < chunk.length) return chunk[index]!;
      index -= chunk.length;
    }
    throw new RangeError('past the buffered bytes');
  }

  /** The fixed header's size and the remaining length, or undefined while incomplete. */
  private header(): { size: number; length: number } | undefined {
    let length = 0;
    let multiplier = 1;
    for (let index = 1; index <= 4; index += 1) {
      if (index >= this.buffered) return undefined;
      const byte = this.at(index);
      length += (byte & 0x7f) * multiplier;
      if ((byte & 0x80) === 0) return { size: index + 1, length };
      multiplier *= 128;
    }
    throw new MalformedPacketError('a remaining length longer than 4 bytes');
  }

  /** Removes the first `count` bytes (one contiguous view; copied only when they span several frames). */
  private take(count: number): Uint8Array {
    const first = this.chunks[0]!;
    let out: Uint8Array;
    if (first.length >= count) {
      out = first.subarray(0, count);
      if (first.length === count) this.chunks.shift();
      else this.chunks[0] = first.subarray(count);
    } else {
      out = new Uint8Array(count);
      let filled = 0;
      let used = 0;
      while (filled < count) {
        const chunk = this.chunks[used]!;
        const part = Math.min(chunk.length, count - filled);
        out.set(chunk.subarray(0, part), filled);
        filled += part;
        if (part === chunk.length) used += 1;
        else this.chunks[used] = chunk.subarray(part);
      }
      // Removed at once: a packet that came in many small frames costs no more than their number.
      this.chunks.splice(0, used);
    }
    this.buffered -= count;
    return out;
  }
}
