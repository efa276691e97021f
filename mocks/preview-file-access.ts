/**
 * `npm run preview` guards `/files` as production's nginx does (`auth_request`): before a `/files` request is proxied,
 * the API's proposed `GET /file-access` is asked with the request's `Authorization` header and its original URI in
 * `X-Original-URI`; only a 204 lets it through, any refusal is answered as the API gave it (400, 401, 403 with the
 * store's error body), and an API that cannot be asked refuses with 502. So the preview refuses `/files` without a
 * session whatever store API_TARGET leads to (the mock stack's own `/files` serving checks once more, in-process).
 */
import type { Connect, Plugin } from 'vite';
import { FILE_STORE_PREFIX } from './file-access.ts';

/** The API path of the access check below API_TARGET (the console's `/api`, the contract's `GET /file-access`). */
export const FILE_ACCESS_API_PATH = '/api/file-access';

const underStore = (url: string): boolean =>
  url === FILE_STORE_PREFIX || url.startsWith(`${FILE_STORE_PREFIX}/`) || url.startsWith(`${FILE_STORE_PREFIX}?`);

/** The connect middleware asking `${apiTarget}/api/file-access` before a `/files` request goes on. */
export function fileAccessGuard(apiTarget: string, timeoutMs = 10_000): Connect.NextHandleFunction {
  return (req, res, next) => {
    const uri = req.url ?? '';
    if (!underStore(uri)) return next();
    const headers: Record<string, string> = { 'x-original-uri': uri };
    if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
    fetch(`${apiTarget}${FILE_ACCESS_API_PATH}`, { headers, signal: AbortSignal.timeout(timeoutMs) })
      .then(async (answer) => {
        if (answer.status === 204) return next();
        const body = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status >= 400 && answer.status < 500 ? answer.status : 502, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
          'cache-control': 'no-store',
        });
        res.end(body);
      })
      .catch(() => {
        res.writeHead(502, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(
          JSON.stringify({
            error: 'BadGateway',
            description: 'The file access check could not be reached.',
            message: 'Dosya erişim denetimine ulaşılamadı',
          }),
        );
      });
  };
}

/** The preview server's guard as a Vite plugin (the dev server of `npm start` proxies to the mock, which checks). */
export const previewFileAccessPlugin = (apiTarget: string): Plugin => ({
  name: 'file-store:preview-access-check',
  configurePreviewServer: (server) => void server.middlewares.use(fileAccessGuard(apiTarget)),
});
