/**
 * What the mock can verify of a firmware version's digest (the contract's `FirmwareDigest`): the SHA-256 of the
 * binary its `url` names, when that binary is one of the mock file store's files (mocks/file-tree.ts: the
 * `Firmware` folder's `.bin` files, found by the link's path, whatever its host). A link to a file the store does not
 * have has no digest here, so the mock, like a backend that cannot fetch the binary, cannot verify it.
 */
import { createHash } from 'node:crypto';
import { exampleTree, findEntry } from './file-tree.ts';

let tree: ReturnType<typeof exampleTree> | undefined;

/** The SHA-256 (lower-case hex) of the file store's binary at the link's path, or undefined when it has none. */
export function firmwareBinaryDigest(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  tree ??= exampleTree();
  const entry = findEntry(tree, path);
  return entry?.type === 'file' && entry.bytes ? createHash('sha256').update(entry.bytes).digest('hex') : undefined;
}

/** Whether the version's binary is there and matches its digest: the check before any panel is updated. */
export const firmwareDigestVerified = (version: { url: string; sha256: string }): boolean =>
  firmwareBinaryDigest(version.url) === version.sha256;
