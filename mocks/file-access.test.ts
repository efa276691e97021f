/** The file store's access check (file-access.ts): sessions, folder levels, refused URIs, signed download links. */
import { describe, expect, it } from 'vitest';
import { Contract } from './contract.ts';
import { checkFileAccess, folderLevels, LINK_LIFETIME_SECONDS, LinkSigner } from './file-access.ts';

const NOW = Date.UTC(2027, 0, 15, 12, 0, 0);
const contract = Contract.load();
const signer = new LinkSigner(Buffer.alloc(32, 7), () => NOW);
const policy = { levels: folderLevels(contract), signer, now: () => NOW };
const session = (userType: number, exp = NOW / 1000 + 3600) => ({ Username: 'someone', UserType: userType, exp });
const USER = session(0);
const DEALER = session(1);
const ADMIN = session(2);

const status = (uri: string | undefined, claims: Record<string, unknown> = ADMIN) =>
  checkFileAccess({ uri, claims }, policy).status;
const list = (path: string) => `/files/resources?path=${encodeURIComponent(path)}`;

describe('the file store access check', () => {
  it('takes the firmware folder level from the contract: administrators only (spec 2: /Help/Updates is level 2)', () => {
    expect(folderLevels(contract)).toEqual(new Map([['firmware', 2]]));
  });

  it('refuses every route without a valid session (401), in the store error shape', () => {
    const refused = checkFileAccess({ uri: list('/'), claims: {} }, policy);
    expect(refused).toMatchObject({ status: 401, error: 'Unauthorized' });
    expect(refused).toHaveProperty('description');
    expect(status(list('/Kullanim Kilavuzlari'), {})).toBe(401);
    expect(status(`/files/resources/download?path=${encodeURIComponent('/Firmware/mx16g-3.4.2.bin')}`, {})).toBe(401);
    // An expired token or claims without a user type are no session either.
    expect(status(list('/'), session(2, NOW / 1000 - 1))).toBe(401);
    expect(status(list('/'), { Username: 'admin' })).toBe(401);
    expect(status(list('/'), { UserType: '2' })).toBe(401);
  });

  it('lets every user read the help folders and the root', () => {
    for (const claims of [USER, DEALER, ADMIN]) {
      expect(status(list('/'), claims)).toBe(204);
      expect(status(list('/Kullanim Kilavuzlari/Eski Surumler'), claims)).toBe(204);
      expect(status(`/files/resources/download?path=${encodeURIComponent('/Teknik Belgeler/x.pdf')}`, claims)).toBe(
        204,
      );
    }
  });

  it('judges the folder the store would open: dot segments, encoded dots, trailing dots and spaces name /Firmware', () => {
    const spellings = [
      '/files/resources?path=/./Firmware',
      '/files/resources?path=/%2e/Firmware',
      '/files/resources?path=/%252e/Firmware',
      '/files/resources?path=/Firmware.',
      '/files/resources?path=/Firmware%20',
      '/files/resources?path=/%20Firmware.%20./x.bin',
      '/files/resources/download?path=/./Firmware/mx16g-3.4.2.bin',
    ];
    for (const uri of spellings) {
      expect(status(uri, USER), uri).toBe(403);
      expect(status(uri, DEALER), uri).toBe(403);
      expect(status(uri, ADMIN), uri).toBe(204);
    }
    // A folder merely starting with the name is another folder.
    expect(status(list('/Firmware-notes'), USER)).toBe(204);
  });

  it('gives the firmware folder to administrators only (403 for a user and a dealer), whatever the letter case', () => {
    for (const path of ['/Firmware', '/Firmware/MX-8', '/firmware/', '//FIRMWARE/mx16g-3.4.2.bin']) {
      expect(status(list(path), USER)).toBe(403);
      expect(status(list(path), DEALER)).toBe(403);
      expect(status(list(path), ADMIN)).toBe(204);
    }
    const link = `/files/resources/download?path=${encodeURIComponent('/Firmware/mx16g-3.4.2.bin')}`;
    expect(checkFileAccess({ uri: link, claims: USER }, policy)).toMatchObject({ status: 403, error: 'Forbidden' });
    expect(status(link, ADMIN)).toBe(204);
  });

  it('refuses .., also percent-encoded once or twice, in the path and in the query (400), even for an admin', () => {
    for (const uri of [
      list('/Kullanim Kilavuzlari/../Firmware'),
      '/files/resources?path=/Kullanim%20Kilavuzlari/%2e%2e/Firmware',
      '/files/resources?path=/Kullanim%20Kilavuzlari/%2E%2E%2FFirmware',
      '/files/resources?path=%252e%252e%252fFirmware',
      '/files/resources?path=/..',
      '/files/../api/__mock/areas/reset',
      '/files/%2e%2e/api/__mock/areas/reset',
      '/files/download/%2e%2e',
      '/files/resources?path=/Kullanim%5C..%5CFirmware',
      '/files/resources?path=/a%00b',
    ]) {
      expect(checkFileAccess({ uri, claims: ADMIN }, policy), uri).toMatchObject({ status: 400, error: 'BadRequest' });
    }
    // A name that merely contains two dots is a name.
    expect(status(list('/Kullanim Kilavuzlari/v1..2.pdf'))).toBe(204);
  });

  it('refuses unknown routes, a malformed escape, a missing or repeated path and a missing URI (400)', () => {
    for (const uri of [
      '/files',
      '/files/',
      '/files/secret',
      '/files/resources/',
      '/files/resources/download/extra?path=/x',
      '/files/download/fs-2002/more',
      '/api/users',
      '/files/resources?path=%E0%A4%A',
      '/files/resources',
      '/files/resources?path=',
      '/files/resources?path=Firmware',
      '/files/resources?path=/Kullanim&path=/Firmware',
    ]) {
      expect(status(uri), uri).toBe(400);
    }
    expect(status(undefined)).toBe(400);
    expect(status('')).toBe(400);
  });

  it('opens a download link the server signed, without a token, until it expires, and only for its own path', () => {
    const link = signer.sign('/files/download/fs-2002');
    expect(link).toMatch(/^\/files\/download\/fs-2002\?expires=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(status(link, {})).toBe(204);
    expect(status(link, USER)).toBe(204);

    const later = (seconds: number) =>
      checkFileAccess({ uri: link, claims: {} }, { ...policy, now: () => NOW + seconds * 1000 });
    expect(later(LINK_LIFETIME_SECONDS - 1).status).toBe(204);
    expect(later(LINK_LIFETIME_SECONDS)).toMatchObject({ status: 403, error: 'LinkExpired' });

    // The same signature for another file, a changed expiry, another key: refused.
    const query = link.slice(link.indexOf('?'));
    expect(status(`/files/download/fs-2001${query}`, ADMIN)).toBe(403);
    const expires = Number(/expires=(\d+)/.exec(link)![1]);
    expect(status(link.replace(`expires=${expires}`, `expires=${expires + 3600}`), {})).toBe(403);
    const foreign = new LinkSigner(Buffer.alloc(32, 8), () => NOW).sign('/files/download/fs-2002');
    expect(status(foreign, {})).toBe(403);
    expect(status(`${link}&sig=again`, {})).toBe(403);

    // No signature at all: a session is not enough to open a download (401).
    expect(checkFileAccess({ uri: '/files/download/fs-2002', claims: ADMIN }, policy)).toMatchObject({ status: 401 });
  });
});
