import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../lib/forms/schema-rules.ts';
import {
  errorDescriptionProblem,
  stageAddMessages,
  stageAddRules,
  versionAddMessages,
  versionAddRules,
  versionUrlProblem,
} from './validation.ts';

describe('the firmware test forms', () => {
  it('need a version number and release notes', () => {
    expect(fieldErrors(versionAddRules, versionAddMessages, { firmVer: '', notes: '' })).toEqual({
      firmVer: 'firmwareTests.versions.firmVerRequired',
      notes: 'firmwareTests.versions.notesRequired',
    });
    expect(fieldErrors(versionAddRules, versionAddMessages, { firmVer: '3.4.3', notes: 'GSM' })).toEqual({});
  });

  it("check the download link as the contract's uri format", () => {
    expect(versionUrlProblem('')).toBe('firmwareTests.versions.urlRequired');
    expect(versionUrlProblem('files/mx16g.bin')).toBe('firmwareTests.versions.urlInvalid');
    expect(versionUrlProblem('https://files.example.com/a b.bin')).toBe('firmwareTests.versions.urlInvalid');
    expect(versionUrlProblem('https://files.example.com/Firmware/mx16g-3.4.3.bin')).toBeUndefined();
  });

  it('need a stage description and an error description', () => {
    expect(fieldErrors(stageAddRules, stageAddMessages, { description: '' }).description).toBe(
      'firmwareTests.stages.descriptionRequired',
    );
    expect(errorDescriptionProblem('')).toBe('firmwareTests.run.errorRequired');
    expect(errorDescriptionProblem('SIM kart algılanmadı')).toBeUndefined();
  });
});
