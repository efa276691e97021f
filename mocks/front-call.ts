/**
 * A call to a running mock front as the console makes it (JSON body, bearer token, the `agent` header), for the
 * mock's own tests: the status and the parsed answer.
 */
export async function callFront(
  frontUrl: string,
  token: string,
  method: string,
  path: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${frontUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, agent: 'browser', ...headers },
    body: body && JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
