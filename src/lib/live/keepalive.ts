/**
 * MQTT keepalive of one connection: a PINGREQ when nothing was sent for the keepalive period; no PINGRESP within
 * another period and the connection is lost. In a page the tick comes from a worker (worker-ticker.ts), which a
 * background tab does not throttle.
 */
import { everyTick } from './worker-ticker.ts';

export class Keepalive {
  private idleTicks = 0;
  /** Ticks since the PINGREQ still unanswered, if one is. */
  private pingTicks: number | undefined;
  private stopTicking: (() => void) | undefined;
  // The keepalive ticks every second (four times a period when that is shorter): a ping goes out at most a tick late.
  private readonly tickMs: number;
  private readonly ticksPerPeriod: number;

  /** `seconds` 0 turns it off; `ping` sends a PINGREQ, `timeout` gives the connection up. */
  constructor(
    private readonly seconds: number,
    private readonly ping: () => void,
    private readonly timeout: (detail: string) => void,
  ) {
    this.tickMs = Math.min(1000, (seconds * 1000) / 4);
    this.ticksPerPeriod = Math.round((seconds * 1000) / this.tickMs);
  }

  /** Starts ticking (once signed in). */
  start(): void {
    if (this.seconds > 0) this.stopTicking = everyTick(() => this.tick(), this.tickMs);
  }

  stop(): void {
    this.stopTicking?.();
  }

  /** Something was sent: the idle period starts again. */
  sent(): void {
    this.idleTicks = 0;
  }

  /** The broker answered the ping. */
  answered(): void {
    this.pingTicks = undefined;
  }

  private tick(): void {
    if (this.pingTicks !== undefined) {
      this.pingTicks += 1;
      if (this.pingTicks >= this.ticksPerPeriod) {
        this.timeout(`Keepalive timeout: the broker did not answer a ping within ${this.seconds} s`);
      }
      return;
    }
    this.idleTicks += 1;
    if (this.idleTicks >= this.ticksPerPeriod) {
      this.ping();
      this.pingTicks = 0;
    }
  }
}
