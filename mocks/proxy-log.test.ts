import { describe, expect, it } from 'vitest';
import type { Logger } from 'vite';
import { proxyErrorLine, quietProxyErrors, REPEAT_AFTER_MS } from './proxy-log.ts';

const failure = (code: string, message = `${code} happened`) => Object.assign(new Error(message), { code });
/** Vite's own proxy messages: a red header, then the stack. */
const header = (text: string) =>
  `\x1b[31m${text}\x1b[39m\nError: read ECONNRESET\n    at TCP.onStreamRead (node:x:1:1)`;

const recording = () => {
  const lines: { level: string; text: string }[] = [];
  const logger = {
    error: (text: string) => void lines.push({ level: 'error', text }),
    warn: (text: string) => void lines.push({ level: 'warn', text }),
  } as unknown as Logger;
  return { lines, logger };
};

describe('the proxy says only what may be wrong, in one line', () => {
  it('says nothing of a browser that went away (a reload drops its websocket and its calls)', () => {
    expect(proxyErrorLine(header('ws proxy error:'), failure('ECONNRESET'))).toBeNull();
    expect(proxyErrorLine(header('ws proxy socket error:'), failure('ECONNRESET'))).toBeNull();
    expect(proxyErrorLine(header('ws proxy socket error:'), failure('EPIPE'))).toBeNull();
    expect(proxyErrorLine(header('http proxy error: /api/logins'), failure('ECONNRESET'))).toBeNull();
  });

  it('says in one line, without a stack, that the broker or the mock API does not answer', () => {
    expect(proxyErrorLine(header('ws proxy error:'), failure('ECONNREFUSED'))).toBe(
      'proxy: live feed (websocket): ECONNREFUSED: is the broker running?',
    );
    expect(proxyErrorLine(header('http proxy error: /api/logins'), failure('ECONNREFUSED'))).toBe(
      'proxy: /api/logins: ECONNREFUSED: is the mock API running?',
    );
    expect(proxyErrorLine(header('http proxy error: /api/x'), new Error('odd'))).toBe('proxy: /api/x: odd');
  });

  it('leaves every other error as it is', () => {
    expect(proxyErrorLine('Internal server error: Transform failed', failure('X'))).toBeUndefined();
    const { lines, logger } = recording();
    quietProxyErrors(logger).error('Pre-transform error: boom');
    expect(lines).toEqual([{ level: 'error', text: 'Pre-transform error: boom' }]);
  });

  it('says a repeated failure once a minute, not at each reconnect attempt, and nothing of reloads', () => {
    let now = 0;
    const { lines, logger } = recording();
    const quiet = quietProxyErrors(logger, () => now);
    for (let attempt = 0; attempt < 20; attempt++) {
      quiet.error(header('ws proxy error:'), { error: failure('ECONNREFUSED') });
      quiet.error(header('ws proxy socket error:'), { error: failure('ECONNRESET') });
      quiet.error(header(`http proxy error: /api/call/${attempt}`), { error: failure('ECONNREFUSED') });
      now += 3000;
    }
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn']);
    now += REPEAT_AFTER_MS;
    quiet.error(header('ws proxy error:'), { error: failure('ECONNREFUSED') });
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => !line.text.includes('\n'))).toBe(true);
  });
});
