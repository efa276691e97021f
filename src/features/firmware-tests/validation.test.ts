import { describe, expect, it } from 'vitest';
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

describe('the firmware test forms', () => {
  it('need a version number and release notes', () => {
    expect(fieldErrors(versionAddRules, versionAddMessages, { firmVer: '', url: '', notes: '' })).toEqual({
      firmVer: 'firmwareTests.versions.firmVerRequired',
      url: 'firmwareTests.versions.urlRequired',
      notes: 'firmwareTests.versions.notesRequired',
    });
    const link = 'https://files.example.com/Firmware/mx16g-3.4.3.bin';
    expect(fieldErrors(versionAddRules, versionAddMessages, { firmVer: '3.4.3', url: link, notes: 'GSM' })).toEqual({});
  });

  it.each([
    ['files/mx16g.bin', 'firmwareTests.versions.urlInvalid'],
    ['https://files.example.com/a b.bin', 'firmwareTests.versions.urlInvalid'],
    ['http://files.example.com/Firmware/mx16g-3.4.3.bin', 'firmwareTests.versions.urlHttps'],
    ['ftp://files.example.com/Firmware/mx16g-3.4.3.bin', 'firmwareTests.versions.urlHttps'],
  ])("refuse the download link %j by the contract's HttpsUrl, adding and editing", (url, message) => {
    const values = { firmVer: '3.4.3', url, notes: 'GSM' };
    expect(fieldErrors(versionAddRules, versionAddMessages, values)).toEqual({ url: message });
    expect(fieldErrors(versionEditRules, versionEditMessages, values)).toEqual({ url: message });
  });

  it('need a stage description and an error description', () => {
    expect(fieldErrors(stageAddRules, stageAddMessages, { description: '' }).description).toBe(
      'firmwareTests.stages.descriptionRequired',
    );
    expect(errorDescriptionProblem('')).toBe('firmwareTests.run.errorRequired');
    expect(errorDescriptionProblem('SIM kart algılanmadı')).toBeUndefined();
  });
});
