/**
 * The live store's inbox: the socket's messages are taken through the gate (parse, payload check, merge) for at most
 * SLICE_MS in one task; a burst beyond it waits here in order and is taken in further tasks of the same length.
 */

/**
 * The socket's messages are taken through the gate (parse, payload check, merge) for at most this long in one task;
 * a burst beyond it (the socket hands over what came while the page was busy, hundreds of messages at once) waits in
 * order in the store's inbox and is taken in further tasks of the same length, so the page can draw in between.
 */
export const SLICE_MS = 8;

/** The next task, soon: a message channel's (a timer's would wait at least 4 ms after a few), a timer without one. */
const nextTask = (run: () => void): void => {
  if (typeof MessageChannel === 'undefined') return void setTimeout(run, 0);
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
};

export class MessageInbox {
  /** Messages of a burst waiting for their slice, in the order they came; `head` is the next. */
  private waiting: [topic: string, payload: Uint8Array | string][] = [];
  private head = 0;
  private draining = false;
  /** When this task's slice of messages began (unset once the task is over). */
  private sliceStart: number | undefined;

  constructor(
    private readonly clock: () => number,
    private readonly take: (topic: string, payload: Uint8Array | string) => void,
    private readonly closed: () => boolean,
  ) {}

  /**
   * A message from the socket: taken now, or, once this task has spent SLICE_MS on messages (or earlier ones wait),
   * kept in order for a later task.
   */
  receive(topic: string, payload: Uint8Array | string): void {
    if (this.head < this.waiting.length) return void this.waiting.push([topic, payload]);
    if (this.sliceStart === undefined) {
      this.sliceStart = this.clock();
      // The task is over when its microtasks run: the next message starts a new slice.
      queueMicrotask(() => (this.sliceStart = undefined));
    } else if (this.clock() - this.sliceStart > SLICE_MS) {
      this.waiting.push([topic, payload]);
      return this.drainLater();
    }
    this.take(topic, payload);
  }

  private drainLater(): void {
    if (this.draining) return;
    this.draining = true;
    nextTask(() => {
      this.draining = false;
      if (this.closed()) return;
      const start = this.clock();
      while (this.head < this.waiting.length && this.clock() - start <= SLICE_MS) {
        const [topic, payload] = this.waiting[this.head]!;
        this.waiting[this.head++] = undefined as never; // let the payload go
        this.take(topic, payload);
      }
      if (this.head < this.waiting.length) return this.drainLater();
      this.waiting = [];
      this.head = 0;
    });
  }
}
