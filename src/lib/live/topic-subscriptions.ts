/**
 * The broker side of the live store: which topics are wanted, sent, granted or refused on the current connection.
 * Changes are sent in batches (one SUBSCRIBE per `topicsPerPacket` topics) when the store flushes, and a new
 * connection (clean session) asks for everything wanted again. An answer from an earlier connection is ignored.
 */
import { chunk } from './limits.ts';
import type { LiveTransport } from './live-types.ts';

export class TopicSubscriptions {
  /** Topics that should be subscribed (watched, or in their grace period). */
  private readonly wanted = new Set<string>();
  /** Topics the broker granted on this connection. */
  private readonly acked = new Set<string>();
  /** Topics sent, waiting for the broker's answer. */
  private readonly inflight = new Set<string>();
  /** Topics the broker refused on this connection (not asked again until the next one). */
  private readonly refused = new Set<string>();
  private readonly toSubscribe = new Set<string>();
  private readonly toUnsubscribe = new Set<string>();
  /** Counts connections, so an answer from an earlier one is ignored. */
  private epoch = 0;
  private connected = false;
  private changed = false;
  private closed = false;

  /** `onAnswer` runs when the broker's answer (or its failure) changed what is granted. */
  constructor(
    private readonly transport: LiveTransport,
    private readonly topicsPerPacket: number,
    private readonly onAnswer: () => void,
  ) {}

  add(topic: string): void {
    this.wanted.add(topic);
    this.toUnsubscribe.delete(topic);
    if (!this.acked.has(topic) && !this.inflight.has(topic)) this.toSubscribe.add(topic);
    this.changed = true;
  }

  remove(topic: string): void {
    this.wanted.delete(topic);
    this.toSubscribe.delete(topic);
    this.refused.delete(topic);
    if (this.acked.delete(topic) || this.inflight.delete(topic)) this.toUnsubscribe.add(topic);
    this.changed = true;
  }

  has(topic: string): boolean {
    return this.wanted.has(topic);
  }

  /** Follows the transport's connection; true when it has just connected (everything wanted is to be sent). */
  setConnected(connected: boolean): boolean {
    const wasConnected = this.connected;
    this.connected = connected;
    if (connected === wasConnected) return false;
    this.epoch += 1;
    this.acked.clear();
    this.inflight.clear();
    this.refused.clear();
    if (!connected) return false;
    // A new connection (clean session) has no subscriptions: everything watched is asked again.
    this.toUnsubscribe.clear();
    for (const topic of this.wanted) this.toSubscribe.add(topic);
    this.changed = true;
    return true;
  }

  /** Sends what changed since the last flush; true when something did. */
  flush(): boolean {
    if (!this.changed) return false;
    this.changed = false;
    if (!this.connected) {
      // Nothing can be sent; the next connection subscribes everything wanted.
      this.toSubscribe.clear();
      this.toUnsubscribe.clear();
      return true;
    }
    const leaving = [...this.toUnsubscribe];
    this.toUnsubscribe.clear();
    for (const topics of chunk(leaving, this.topicsPerPacket)) this.transport.unsubscribe(topics);
    const joining = [...this.toSubscribe].filter((topic) => !this.acked.has(topic) && !this.inflight.has(topic));
    this.toSubscribe.clear();
    for (const topics of chunk(joining, this.topicsPerPacket)) this.send(topics);
    return true;
  }

  private send(topics: string[]): void {
    const epoch = this.epoch;
    for (const topic of topics) this.inflight.add(topic);
    this.transport.subscribe(topics).then(
      (granted) => {
        if (epoch !== this.epoch || this.closed) return;
        topics.forEach((topic, index) => {
          if (!this.inflight.delete(topic)) return; // released meanwhile
          // A topic is granted or refused, never both (counts() relies on it).
          if (granted[index]) {
            this.acked.add(topic);
            this.refused.delete(topic);
          } else {
            this.refused.add(topic);
            this.acked.delete(topic);
          }
        });
        this.onAnswer();
      },
      () => {
        // The connection went while waiting: the next one subscribes again.
        if (epoch !== this.epoch || this.closed) return;
        for (const topic of topics) this.inflight.delete(topic);
        this.onAnswer();
      },
    );
  }

  /**
   * Topics granted on this connection, and those wanted but neither granted nor refused (yet). Asked once per frame
   * with messages: counted from the sets' sizes, not by going through every watched topic (10,000 and more). Granted
   * and refused topics are wanted ones (`remove` takes a topic out of all three) and never both.
   */
  counts(): { subscribed: number; pending: number } {
    return { subscribed: this.acked.size, pending: this.wanted.size - this.acked.size - this.refused.size };
  }

  close(): void {
    this.closed = true;
  }
}
