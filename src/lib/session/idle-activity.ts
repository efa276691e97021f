/**
 * Where the idle timeout (idle-timeout.ts) learns of activity: a person's doing in this page, and the last activity of
 * the other tabs on the console's session channel (session-channel.ts), as `{ type: 'activity', at }` messages that
 * the channel's other listeners ignore.
 */
import type { ActivityChannel } from './idle-timeout.ts';
import { SESSION_CHANNEL } from './session-channel.ts';

/** What a person does. A message, an answer or a timer of the page's own causes none of them. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

interface ActivityMessage {
  type: 'activity';
  at: number;
}

const isActivity = (value: unknown): value is ActivityMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as Partial<ActivityMessage>).type === 'activity' &&
  Number.isFinite((value as Partial<ActivityMessage>).at);

/** The tabs' shared activity on the session channel, or undefined in a browser without BroadcastChannel. */
export function sessionActivityChannel(): (ActivityChannel & { close(): void }) | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  return {
    post: (at) => channel.postMessage({ type: 'activity', at } satisfies ActivityMessage),
    listen(heard) {
      const onMessage = (event: MessageEvent<unknown>) => {
        if (isActivity(event.data)) heard(event.data.at);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

/** Calls `active` at each thing a person does in `target` (the window), and when the page gets the focus. */
export function listenActivity(active: () => void, target: Window = window): () => void {
  const options = { capture: true, passive: true } as const;
  // A pointer that did not move is no person: the browser sends such moves itself when the page changes under a
  // still mouse (a list refreshed, a dialog closed).
  let at: string | undefined;
  const onEvent = (event: Event) => {
    if (event.type === 'pointermove') {
      const { screenX, screenY } = event as PointerEvent;
      const here = `${screenX},${screenY}`;
      if (here === at) return;
      at = here;
    }
    active();
  };
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onEvent, options);
  // The window's own focus (the person comes back to this tab or window), not a control's inside the page.
  const onFocus = (event: Event) => {
    if (event.target === target) active();
  };
  target.addEventListener('focus', onFocus);
  return () => {
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onEvent, options);
    target.removeEventListener('focus', onFocus);
  };
}
