import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { json, type AreaRequest } from './area.ts';
import { Contract, CONTRACT_FILE } from './contract.ts';
import { defineArea, operationIdOf } from './define-area.ts';

const contract = new Contract(JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as never);

const request = (body: Record<string, unknown> = {}, params: Record<string, string> = {}): AreaRequest => ({
  params,
  body,
  query: new URLSearchParams(),
  claims: {},
  raw: Buffer.alloc(0),
  contentType: 'application/json',
  origin: 'http://127.0.0.1',
  headers: {},
});

describe('defineArea', () => {
  it('names an operation by its id from the front key', () => {
    expect(operationIdOf('post /logins')).toBe('login');
    expect(operationIdOf('get /user/getuserdetail/{id}')).toBe('getUserById');
    expect(operationIdOf('post /nowhere')).toBeUndefined();
  });

  it("hands each operation's handlers the parsed answer and sends what they give back", () => {
    const area = defineArea({
      contract,
      operations: {
        login: {
          choose: (given, examples) =>
            given.body.username === 'nobody' ? examples.pick('invalid-credentials') : undefined,
          answer: (given) => ({ data: { token: `${given.body.username}-token` } }),
        },
      },
    });
    const signIn = request({ username: 'ayse', password: 'x' });
    const answered = area.answer!('post /logins', signIn, json({ data: { token: 'example' } }));
    expect(JSON.parse(answered.toString('utf8'))).toEqual({ data: { token: 'ayse-token' } });
    expect(area.choose!('post /logins', request({ username: 'nobody' }))).toEqual({
      example: 'invalid-credentials',
      code: '401',
    });
    expect(area.choose!('post /logins', signIn)).toBeUndefined();
    // Another operation is not the area's.
    const payload = json({ data: [] });
    expect(area.answer!('get /user/getuserlist', signIn, payload)).toBe(payload);
  });

  it("sends Prism's own bytes when a handler gives back the answer it got, and skips one that does not parse", () => {
    const seen: unknown[] = [];
    const area = defineArea({
      operations: {
        getUserById: {
          reshape: (given, answer) => {
            seen.push(given.params.id);
            return answer;
          },
        },
      },
    });
    const payload = Buffer.from('{ "data": {} }');
    expect(area.reshape!('get /user/getuserdetail/{id}', request({}, { id: '7' }), payload)).toBe(payload);
    const broken = Buffer.from('not json');
    expect(area.reshape!('get /user/getuserdetail/{id}', request({}, { id: '8' }), broken)).toBe(broken);
    expect(seen).toEqual(['7']);
  });

  it('hands an answer frozen: a change is a new answer, never lost in bytes sent unchanged', () => {
    const area = defineArea({
      operations: {
        login: {
          answer: (_given, answer) => {
            (answer.data as { token: string }).token = 'changed';
            return answer;
          },
        },
      },
    });
    expect(() => area.answer!('post /logins', request(), json({ data: { token: 'example' } }))).toThrow(TypeError);
  });

  it('gives an answer without a body as undefined and a file as its bytes', () => {
    const seen: unknown[] = [];
    const area = defineArea({
      operations: {
        logout: { sent: (_given, answer) => void seen.push(answer) },
        exportCardReport: { answer: (_given, file) => Buffer.concat([file, Buffer.from('!')]) },
      },
    });
    area.sent!('post /logout', request(), Buffer.alloc(0));
    expect(seen).toEqual([undefined]);
    const file = area.answer!('get /devices/{id}/card-report-export', request(), Buffer.from('xlsx'));
    expect(file.toString()).toBe('xlsx!');
  });

  it('refuses an area that chooses examples without its contract', () => {
    expect(() => defineArea({ operations: { login: { choose: () => undefined } } })).toThrow(/login/);
  });

  it("runs the hooks across operations after the operation's own, by id", () => {
    const order: string[] = [];
    const area = defineArea({
      operations: { logout: { settled: () => void order.push('own') } },
      everyOperation: {
        choose: (id) => (id === 'logout' ? { example: 'x' } : undefined),
        settled: (id, _request, status) => void order.push(`${id} ${status}`),
      },
    });
    area.settled!('post /logout', request(), 204, Buffer.alloc(0));
    expect(order).toEqual(['own', 'logout 204']);
    expect(area.choose!('post /logout', request())).toEqual({ example: 'x' });
    expect(area.choose!('post /logins', request())).toBeUndefined();
  });
});

// Type-level checks (tsc runs them; the function is never called): each `@ts-expect-error` line must be an error.
export function typeChecks(): void {
  defineArea({
    operations: {
      // @ts-expect-error: an operation id the contract lacks (misspelled).
      logn: {},
    },
  });
  defineArea({
    operations: {
      login: {
        answer: (given, answer) => {
          // @ts-expect-error: a body property the contract's LoginRequest lacks.
          void given.body.user_name;
          // @ts-expect-error: a path parameter the operation lacks.
          void given.params.id;
          return answer;
        },
        // @ts-expect-error: an answer not of the contract's shape (the token is a string).
        reshape: () => ({ data: { token: 7 } }),
        choose: (given) => {
          // @ts-expect-error: before Prism validated it a body value is unknown, not the contract's string.
          const name: string = given.body.username;
          return name ? {} : undefined;
        },
      },
      getUserById: {
        answer: (given, answer) => {
          const id: string = given.params.id;
          // @ts-expect-error: an operation without a body has none.
          void given.body.user_id;
          return id ? answer : answer;
        },
      },
      logout: {
        // @ts-expect-error: an answer without a body gives back nothing.
        answer: () => json({}),
      },
    },
    everyOperation: {
      // @ts-expect-error: an operation id the contract lacks, compared across operations.
      choose: (id) => (id === 'logn' ? {} : undefined),
    },
  });
}
