import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from './limits.ts';
import { gateMessage } from './message-gate.ts';

const PANEL = 864215040012345;

describe('the live message gate', () => {
  it('passes a valid message of its panel, normalised', () => {
    const verdict = gateMessage(new TextEncoder().encode(JSON.stringify({ dev_id: PANEL, gsmlevel: 40 })), PANEL);
    expect(verdict).toEqual({ update: { dev_id: PANEL, gsmlevel: 40 } });
  });

  it('gives the panel of the topic to a message that names none', () => {
    expect(gateMessage(JSON.stringify({ gsmlevel: 40 }), PANEL)).toEqual({ update: { dev_id: PANEL, gsmlevel: 40 } });
  });

  it('hands a security notice on beside the update, never inside it', () => {
    const notice = {
      kind: 'pin_lockout',
      at: '2026-11-20T14:40:00Z',
      failures: 5,
      scope: 'account',
      locked_until: '2026-11-20T14:55:00Z',
    };
    expect(gateMessage(JSON.stringify({ security_notice: notice }), PANEL)).toEqual({
      update: { dev_id: PANEL },
      notice,
    });
  });

  it('refuses, in order: size, a topic of no panel, JSON, the schema, another panel', () => {
    expect(gateMessage('x'.repeat(MAX_MESSAGE_BYTES + 1), undefined)).toEqual({ refused: 'oversized' });
    expect(gateMessage('{}', undefined)).toEqual({ refused: 'mismatched' });
    expect(gateMessage('{bad', PANEL)).toEqual({ refused: 'invalid' });
    expect(gateMessage(JSON.stringify({ gsmlevel: 'strong' }), PANEL)).toEqual({ refused: 'invalid' });
    expect(gateMessage(JSON.stringify({ dev_id: PANEL + 1, gsmlevel: 40 }), PANEL)).toEqual({ refused: 'mismatched' });
  });
});
