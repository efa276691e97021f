import { describe, expect, it } from 'vitest';
import { FirmwareDigestSchema } from '@generated/api/schemas.gen.ts';
import { fieldErrors } from '../../lib/forms/schema-rules.ts';
import {
  errorDescriptionProblem,
  stageAddMessages,
  stageAddRules,
  versionAddMessages,
  versionAddRules,
  versionEditMessages,
  versionEditRules,
} from './validation.ts';

const DIGEST = 'f58b587a8422c2022c4f42d0c0d43e841b7246a05802a135cfb668577070f1e0';

describe('the firmware test forms', () => {
  it('need a version number and release notes', () => {
    expect(fieldErrors(versionAddRules, versionAddMessages, { firmVer: '', url: '', sha256: '', notes: '' })).toEqual({
      firmVer: 'firmwareTests.versions.firmVerRequired',
      url: 'firmwareTests.versions.urlRequired',
      sha256: 'firmwareTests.versions.sha256Required',
      notes: 'firmwareTests.versions.notesRequired',
    });
    const link = 'https://files.example.com/Firmware/mx16g-3.4.3.bin';
    expect(
      fieldErrors(versionAddRules, versionAddMessages, { firmVer: '3.4.3', url: link, sha256: DIGEST, notes: 'GSM' }),
    ).toEqual({});
  });

  it.each([
    ['files/mx16g.bin', 'firmwareTests.versions.urlInvalid'],
    ['https://files.example.com/a b.bin', 'firmwareTests.versions.urlInvalid'],
    ['http://files.example.com/Firmware/mx16g-3.4.3.bin', 'firmwareTests.versions.urlHttps'],
    ['ftp://files.example.com/Firmware/mx16g-3.4.3.bin', 'firmwareTests.versions.urlHttps'],
  ])("refuse the download link %j by the contract's HttpsUrl, adding and editing", (url, message) => {
    const values = { firmVer: '3.4.3', url, sha256: DIGEST, notes: 'GSM' };
    expect(fieldErrors(versionAddRules, versionAddMessages, values)).toEqual({ url: message });
    expect(fieldErrors(versionEditRules, versionEditMessages, values)).toEqual({ url: message });
  });

  it("take the digest's rule from the contract's FirmwareDigest: 64 lower-case hexadecimal digits", () => {
    expect(versionAddRules.rules.sha256).toMatchObject({ required: true, pattern: FirmwareDigestSchema.pattern });
    expect(versionEditRules.rules.sha256.pattern).toBe(FirmwareDigestSchema.pattern);
    for (const sha256 of [DIGEST.slice(1), `${DIGEST}0`, DIGEST.toUpperCase(), `${DIGEST.slice(1)}g`]) {
      const values = { firmVer: '3.4.3', url: 'https://files.example.com/a.bin', sha256, notes: 'GSM' };
      expect(fieldErrors(versionAddRules, versionAddMessages, values)).toEqual({
        sha256: 'firmwareTests.versions.sha256Invalid',
      });
    }
  });

  it('need a stage description and an error description', () => {
    expect(fieldErrors(stageAddRules, stageAddMessages, { description: '' }).description).toBe(
      'firmwareTests.stages.descriptionRequired',
    );
    expect(errorDescriptionProblem('')).toBe('firmwareTests.run.errorRequired');
    expect(errorDescriptionProblem('SIM kart algılanmadı')).toBeUndefined();
  });
});
