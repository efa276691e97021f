/**
 * The odd forms of an id the authorization matrix sends on another user's object (conformance/README.md): the
 * id written so that a lenient parser (`Number()`, a trimming or coercing router) reads it as the id itself, while a
 * server that parses ids once, exactly, refuses it (400) or finds nothing (404). A server that answers one of them
 * with 2xx read the id leniently and skipped the ownership check on it: the hole of a reviewer's
 * `/devices/<B's panel>.0/zones`.
 */
import type { Operation } from '../mocks/contract.ts';
import type { PlannedRequest } from './requests.ts';

export interface OddForm {
  /** How the form is named in a cell: `<id>.0`. */
  label: string;
  /** The form as it travels in a path segment or a query value (already percent-encoded where needed). */
  wire(id: string, where: 'path' | 'query'): string;
}

export const ODD_FORMS: readonly OddForm[] = [
  { label: '<id>.0', wire: (id) => `${id}.0` },
  // In a query `+` is a space: the sign travels encoded there.
  { label: '+<id>', wire: (id, where) => (where === 'query' ? `%2B${id}` : `+${id}`) },
  { label: '<id>%20', wire: (id) => `${id}%20` },
  { label: '%20<id>', wire: (id) => `%20${id}` },
  { label: '0<id>', wire: (id) => `0${id}` },
  { label: '<id>e0', wire: (id) => `${id}e0` },
  { label: '<id>.', wire: (id) => `${id}.` },
];

/**
 * The request with `value`, written in an odd form, as the path or query parameter `name` (the rest as planned). A
 * body that repeats the path parameter keeps the plain value (only the path's form is odd).
 */
export function withOddValue(
  operation: Operation,
  request: PlannedRequest,
  rule: { in: 'path' | 'query' | 'body'; name: string },
  value: number,
  form: OddForm,
): PlannedRequest {
  const url = new URL(request.url, 'http://target');
  if (rule.in === 'path') {
    const template = operation.path.split('/');
    const segments = url.pathname.split('/');
    const index = template.indexOf(`{${rule.name}}`);
    if (index < 0 || segments.length !== template.length) return request;
    segments[index] = form.wire(String(value), 'path');
    return { ...request, url: `${segments.join('/')}${url.search}` };
  }
  if (rule.in !== 'query') return request;
  const kept = [...url.searchParams].filter(([name]) => name !== rule.name);
  const search = [
    ...kept.map(([name, text]) => `${encodeURIComponent(name)}=${encodeURIComponent(text)}`),
    `${encodeURIComponent(rule.name)}=${form.wire(String(value), 'query')}`,
  ].join('&');
  return { ...request, url: `${url.pathname}?${search}` };
}
