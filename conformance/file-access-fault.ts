/**
 * Test helper: the planted fault of the file store's access check (file-access.ts catches it). The check judges the
 * folder by its raw text (so `/./Firmware` or `/Firmware.` is not "the firmware folder" and goes through) and ignores
 * the forwarded method — a proxy relying on it would let an end user list the firmware folder, or write to the store.
 */
import type { Fault } from './wrong-front.ts';

/** The `path` of a store URI decoded once, as a check that does not normalise it would read it. */
const rawFolder = (uri: string): string => {
  const query = uri.split('?')[1] ?? '';
  return new URLSearchParams(query).get('path') ?? '';
};

export const fileAccessFault = (levels: Record<string, number>): Fault => {
  const kept = new Set(Object.keys(levels).map((folder) => folder.toLowerCase()));
  return (request) => {
    const { 'x-original-method': _ignored, ...headers } = request.headers;
    const folder = rawFolder(headers['x-original-uri'] ?? '');
    // A folder that is not literally a kept one is judged as an open folder: the root's level.
    const uri = kept.has(folder.toLowerCase()) ? headers['x-original-uri']! : '/files/resources?path=%2F';
    return { ...request, headers: { ...headers, 'x-original-uri': uri } };
  };
};
