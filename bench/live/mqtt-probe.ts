/**
 * The broker's grants as bench:live reads them on a page that shows no panel (the shell's alarm watch subscribes the
 * whole fleet there, and nothing on the page counts it): MQTT_INSTRUMENTATION wraps the page's WebSocket and reads
 * the MQTT packets it sends and receives (SUBSCRIBE with its topics, SUBACK with its return codes, CONNACK,
 * UNSUBSCRIBE) until the benchmark says the subscriptions are done; during the traffic it notes only when each alarm
 * message reached the page's socket. The page's own code is not touched.
 */
import type { Page } from 'playwright-core';

/** An MQTT packet as the page's socket carried it: its type and its body (after the fixed header). */
export type MqttPacketHandler = (type: number, body: Uint8Array) => void;

/**
 * JavaScript source of a function `(onPacket) => (bytes) => void`: fed the bytes of one direction of an MQTT
 * connection in any chunks (a websocket frame may hold part of a packet, or several), it calls `onPacket` with each
 * whole packet's type (the fixed header's upper four bits) and body. A string for the same reason as INSTRUMENTATION,
 * which uses it; `mqttReader` below makes it callable in Node for its test.
 */
export const MQTT_READER = `(onPacket) => {
  let pending = new Uint8Array(0);
  return (chunk) => {
    let bytes = chunk;
    if (pending.length) {
      bytes = new Uint8Array(pending.length + chunk.length);
      bytes.set(pending);
      bytes.set(chunk, pending.length);
    }
    let at = 0;
    for (;;) {
      // The fixed header: the type byte, then the remaining length in 1 to 4 bytes of 7 bits (least first).
      let index = at + 1;
      let length = 0;
      let factor = 1;
      let complete = false;
      while (index < bytes.length && index < at + 5) {
        const digit = bytes[index++];
        length += (digit & 127) * factor;
        factor *= 128;
        if (digit < 128) {
          complete = true;
          break;
        }
      }
      if (!complete || index + length > bytes.length) break;
      onPacket(bytes[at] >> 4, bytes.subarray(index, index + length));
      at = index + length;
    }
    pending = bytes.slice(at);
  };
}`;

/** MQTT_READER as a function, for Node (its test). */
export const mqttReader = (onPacket: MqttPacketHandler): ((chunk: Uint8Array) => void) =>
  // The page's source itself, so the test checks what the page runs.
  (new Function(`return ${MQTT_READER}`)() as (handler: MqttPacketHandler) => (chunk: Uint8Array) => void)(onPacket);

/** MQTT 3.1.1 packet types the benchmark reads. */
export const MQTT = { connack: 2, publish: 3, subscribe: 8, suback: 9, unsubscribe: 10 } as const;

/** A packet the page's socket carried, as the instrumentation notes it (`at`: performance.now(), ms since load). */
export interface MqttNote {
  dir: 'out' | 'in';
  type: number;
  at: number;
  /** SUBSCRIBE / UNSUBSCRIBE: topics in the packet. */
  topics?: number;
  /** SUBACK: return codes under 0x80 (granted) and the others (refused). */
  granted?: number;
  refused?: number;
}

/** What the page's MQTT connection did so far: the packets noted, and the distinct topics it subscribed. */
export interface MqttRecord {
  packets: MqttNote[];
  topics?: string[];
}

/** A PUBLISH body (topic and payload) under this size is an alarm message of the benchmark; status ones are larger. */
export const ALARM_BODY_BYTES = 100;

/**
 * Installed with `addInitScript` (after INSTRUMENTATION) on the alarm watch's pages: wraps the page's WebSocket and
 * notes the MQTT packets it sends and receives (see MqttNote) until `window.__benchMqtt.endSubscribe()`, which the
 * benchmark calls before any traffic; after that it only notes when each alarm message reached the page's socket
 * (the split of alarm to bar into the feed's part and the page's). Other pages run without it.
 */
export const MQTT_INSTRUMENTATION = `(() => {
  // Room for every resource of the page in its resource timing (the fleet calls are counted from it).
  performance.setResourceTimingBufferSize(2000);
  const mqtt = { subscribing: true, packets: [], topics: new Set(), alarms: new Map() };
  const reader = ${MQTT_READER};
  const decoder = new TextDecoder();
  const onPacket = (dir) => (type, body) => {
    if (type === ${MQTT.publish}) {
      // An alarm message reaching the page (the feed's small message: a status message is over ${ALARM_BODY_BYTES}
      // bytes, so the others cost one comparison): when, by its topic (a 2-byte length, then the topic).
      if (dir !== 'in' || body.length >= ${ALARM_BODY_BYTES}) return;
      const text = decoder.decode(body);
      if (!text.includes('"KLStatus"')) return;
      const topic = text.slice(2, 2 + ((body[0] << 8) | body[1]));
      if (!mqtt.alarms.has(topic)) mqtt.alarms.set(topic, performance.timeOrigin + performance.now());
      return;
    }
    if (!mqtt.subscribing) return;
    const packet = { dir, type, at: performance.now() };
    if (type === ${MQTT.subscribe} || type === ${MQTT.unsubscribe}) {
      // The packet id, then each topic filter (a 2-byte length and UTF-8), SUBSCRIBE with an options byte after it.
      let topics = 0;
      for (let at = 2; at + 2 <= body.length; ) {
        const length = (body[at] << 8) | body[at + 1];
        if (type === ${MQTT.subscribe}) mqtt.topics.add(decoder.decode(body.subarray(at + 2, at + 2 + length)));
        at += 2 + length + (type === ${MQTT.subscribe} ? 1 : 0);
        topics += 1;
      }
      packet.topics = topics;
    } else if (type === ${MQTT.suback}) {
      // The packet id, then a return code per topic: 0-2 granted, 0x80 refused.
      let granted = 0;
      for (let at = 2; at < body.length; at++) if (body[at] < 128) granted += 1;
      packet.granted = granted;
      packet.refused = body.length - 2 - granted;
    } else if (type !== ${MQTT.connack}) return;
    mqtt.packets.push(packet);
  };
  const bytesOf = (data) =>
    data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : typeof data === 'string'
          ? new TextEncoder().encode(data)
          : undefined;
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      const readIn = reader(onPacket('in'));
      this.__benchOut = reader(onPacket('out'));
      // Registered before the page's own listener: the packet is noted in the task that hands it to the page.
      this.addEventListener('message', (event) => {
        const bytes = bytesOf(event.data);
        if (bytes) readIn(bytes);
      });
    }
    send(data) {
      const bytes = mqtt.subscribing ? bytesOf(data) : undefined;
      if (bytes) this.__benchOut(bytes);
      super.send(data);
    }
  };
  window.__benchMqtt = {
    granted() {
      let granted = 0;
      for (const packet of mqtt.packets) if (packet.granted) granted += packet.granted;
      return granted;
    },
    read(withTopics) {
      return { packets: mqtt.packets, topics: withTopics ? [...mqtt.topics] : undefined };
    },
    // Stops noting the subscription packets and drops what was kept (not counted in the heap of the traffic runs).
    endSubscribe() {
      mqtt.subscribing = false;
      mqtt.packets = [];
      mqtt.topics = new Set();
    },
    alarmArrivals() {
      return Object.fromEntries(mqtt.alarms);
    },
  };
})();`;

/** The MQTT packets the page's sockets carried so far (with the distinct topics subscribed when asked). */
export const readMqtt = (page: Page, withTopics: boolean) =>
  page.evaluate(`window.__benchMqtt.read(${withTopics})`) as Promise<MqttRecord>;
export const endSubscribe = (page: Page) => page.evaluate('window.__benchMqtt.endSubscribe()');
/** When each alarm message reached the page's socket, by topic (page clock, ms since the epoch). */
export const alarmArrivals = (page: Page) =>
  page.evaluate('window.__benchMqtt.alarmArrivals()') as Promise<Record<string, number>>;
