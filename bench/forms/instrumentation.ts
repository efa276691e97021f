/**
 * What bench:forms installs in the page (with `addInitScript`, before the page's own scripts) and reads back through
 * `window.__forms`: the settings reads (when the console's own read of a getpanelsettings answer's body resolved), the
 * zone form's first field in the DOM and painted after a click, each keystroke from keydown to the next paint with
 * Chromium's Event Timing beside it, the long tasks, and what the Content-Security-Policy refused.
 */
import { PAGE_HELPERS } from '../page-scripts.ts';

/** The form's first field, by its label: the one the opens wait for and the keystrokes go to. */
export const FIELD_LABEL = 'Zone name';

export const INSTRUMENTATION = `(() => {
  ${PAGE_HELPERS}
  const FIELD_LABEL = ${JSON.stringify(FIELD_LABEL)};
  const state = { reads: [], open: undefined, typing: undefined, longTasks: [], armedTasks: false, csp: {} };
  // What the Content-Security-Policy refused (a form that needs eval, say): counted by directive, never hidden.
  document.addEventListener('securitypolicyviolation', (event) => {
    const key = event.effectiveDirective + ' ' + (event.blockedURI || '');
    state.csp[key] = (state.csp[key] || 0) + 1;
  });

  // The settings reads: when the console's own read of a getpanelsettings GET answer's body resolved.
  watchFetch(/\\/api\\/command\\/devices\\/getpanelsettings(?:[?#]|$)/, (input, init, url, call) => {
    const sent = now();
    const body =
      init && typeof init.body === 'string'
        ? Promise.resolve(init.body)
        : input instanceof Request
          ? input.clone().text()
          : Promise.resolve('');
    return call().then((response) => {
      const headers = now();
      const record = { sent, headers, received: 0, group: -1, member: -1, command: '' };
      body.then((text) => {
        try {
          const parsed = JSON.parse(text);
          record.group = parsed.group;
          record.member = parsed.member;
          record.command = parsed.command;
        } catch {}
      });
      state.reads.push(record);
      return noteBodyRead(response, record);
    });
  });

  // The form's first field: the input its label ("Zone name") names, inside a dialog.
  const findField = () => {
    for (const label of document.querySelectorAll('[role="dialog"] label')) {
      if (!(label.textContent || '').trim().startsWith(FIELD_LABEL)) continue;
      const input = label.htmlFor ? document.getElementById(label.htmlFor) : null;
      if (input && input.tagName === 'INPUT') return input;
    }
    return null;
  };
  new MutationObserver(() => {
    const open = state.open;
    if (!open || open.inDom) return;
    if (!findField()) return;
    notePainted(open);
  }).observe(document, { subtree: true, childList: true });
  document.addEventListener(
    'click',
    (event) => {
      if (state.open && !state.open.click) state.open.click = event.timeStamp;
    },
    true,
  );

  // Keystrokes: keydown (capture, before the page's handlers) → after React's input handler → after the next paint.
  let key;
  document.addEventListener(
    'keydown',
    (event) => {
      if (!state.typing) return;
      key = { key: event.key, stamp: event.timeStamp, start: now(), handled: 0, frame: 0, painted: 0 };
      state.typing.keys.push(key);
    },
    true,
  );
  document.addEventListener(
    'input',
    () => {
      const current = key;
      if (!state.typing || !current || current.inputAt) return;
      current.inputAt = now();
      afterNextPaint((frame, painted) => {
        current.frame = frame;
        current.painted = painted;
      });
    },
    true,
  );
  // Bubbling to the window comes after React's own listener on its root (its render of a discrete input included).
  window.addEventListener('input', () => {
    if (state.typing && key && !key.handled) key.handled = now();
  });
  try {
    new PerformanceObserver((list) => {
      if (!state.typing) return;
      for (const entry of list.getEntries()) {
        state.typing.events.push({
          name: entry.name,
          start: entry.startTime,
          duration: entry.duration,
          processing: entry.processingEnd - entry.processingStart,
          interactionId: entry.interactionId || 0,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16 });
  } catch {}
  observeLongTasks(state);

  window.__forms = {
    armOpen() {
      if (findField()) return false;
      state.reads = [];
      state.longTasks = [];
      state.armedTasks = true;
      state.open = { click: 0, inDom: 0, frame: 0, painted: 0, ...paintWaiter() };
      return true;
    },
    // Resolves once the armed open's first field is painted (no polling while the form opens).
    whenOpened() {
      return state.open ? state.open.whenPainted.then(() => true) : Promise.resolve(false);
    },
    takeOpen() {
      const { click, inDom, frame, painted } = state.open;
      state.open = undefined;
      state.armedTasks = false;
      return {
        click,
        inDom,
        frame,
        painted,
        reads: state.reads.map((read) => ({ ...read })),
        longTasks: state.longTasks.slice(),
      };
    },
    fieldValue() {
      const field = findField();
      return field ? field.value : null;
    },
    cspViolations() {
      return { ...state.csp };
    },
    armTyping() {
      key = undefined;
      state.longTasks = [];
      state.armedTasks = true;
      state.typing = { keys: [], events: [] };
    },
    takeTyping() {
      const typing = state.typing;
      state.typing = undefined;
      state.armedTasks = false;
      return { ...typing, longTasks: state.longTasks.slice() };
    },
  };
})();`;
