/** What bench:phone's site answers a browser asking for gzip: checked and printed before measuring. */
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { CONSOLE_DIR, log } from './plan.ts';

export interface Answer {
  encoding: string;
  cacheControl: string;
}

/** What the site answers a browser asking for gzip: the content-encoding and cache-control of a path. */
function answerOf(siteUrl: string, urlPath: string): Promise<Answer & { body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${siteUrl}${urlPath}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          cacheControl: String(res.headers['cache-control'] ?? '(none)'),
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

export async function checkServing(siteUrl: string): Promise<Record<string, Answer>> {
  const index = await answerOf(siteUrl, '/index.html');
  const html = readFileSync(path.join(CONSOLE_DIR, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('the built index.html names no entry script');
  const script = await answerOf(siteUrl, entry);
  const answers = {
    '/index.html': { encoding: index.encoding, cacheControl: index.cacheControl },
    [entry]: { encoding: script.encoding, cacheControl: script.cacheControl },
  };
  for (const [name, answer] of Object.entries(answers))
    log(`   ${name}: content-encoding ${answer.encoding}, cache-control ${answer.cacheControl}`);
  if (script.encoding !== 'gzip')
    log('   WARNING: the entry script is not served gzip: the figures are not "as it ships".');
  return answers;
}
