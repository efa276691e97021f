import { describe, expect, it } from 'vitest';
import { operationKeys } from '@generated/api/operations.ts';
import type { Rollout, RolloutPreview } from '@generated/api/types.gen.ts';
import { firmwareBinaryDigest } from '../firmware-binaries.ts';
import { FLEET_SIZE } from './pool.ts';
import { call, halt, ONE_STAGE, panels, PANEL_1, PANEL_3, request, rolloutsUnderTest } from './test-kit.ts';

describe('a roll-out plan of the mock', () => {
  const under = rolloutsUnderTest();

  it('previews the sizes of a model target, a dealer and lists; refuses what the contract refuses', () => {
    const { area } = under;
    const staged = {
      firmware_id: 201,
      target: {},
      stages: [{ percent: 10 }, { percent: 100 }],
      pause_minutes: 0,
      halt,
    };
    // MX-16G: the two simulated panels (1 and 3) and the fleet.
    // Every MX-16G panel runs 3.4.2: the preview names each as going back to 3.4.1.
    const preview = call(area, 'previewFirmwareRollout', {}, staged).data as RolloutPreview;
    expect(preview).toMatchObject({ total: FLEET_SIZE + 2, stages: [7, FLEET_SIZE + 2 - 7] });
    expect(preview.downgrades).toHaveLength(FLEET_SIZE + 2);
    expect(preview.downgrades[0]).toEqual({ dev_id: PANEL_1, description: 'Merkez Ofis', firm_ver: '3.4.2' });
    const dealer = { ...staged, target: { dealer_code: 'IST034' } };
    expect((call(area, 'previewFirmwareRollout', {}, dealer).data as RolloutPreview).total).toBe(FLEET_SIZE / 3 + 2);
    const lists = {
      ...staged,
      target: { dev_ids: [PANEL_1, PANEL_3] },
      stages: [{ dev_ids: [PANEL_3] }, { dev_ids: [PANEL_1] }],
    };
    expect(call(area, 'previewFirmwareRollout', {}, lists).data).toMatchObject({ total: 2, stages: [1, 1] });
    // 3.4.2's test 401 has a failed stage.
    expect(call(area, 'startFirmwareRollout', {}, { ...staged, firmware_id: 202 }).choice).toEqual({
      code: '409',
      example: 'test-not-passed',
    });
    const refused = (body: unknown) => call(area, 'startFirmwareRollout', {}, body).choice?.example;
    expect(refused({ ...staged, stages: [{ percent: 50 }, { percent: 40 }] })).toBe('stages-not-increasing');
    expect(refused({ ...staged, stages: [{ percent: 50 }] })).toBe('stages-not-increasing');
    expect(refused({ ...staged, target: { dealer_code: 'NONE99' } })).toBe('empty-target');
    // Panel 2 is an MX-8; a list stage naming a panel twice, or leaving one of a list target out.
    expect(refused({ ...staged, target: { dev_ids: [864215040023456] } })).toBe('panel-not-in-target');
    expect(refused({ ...lists, stages: [{ dev_ids: [PANEL_3] }, { dev_ids: [PANEL_3] }] })).toBe('panel-not-in-target');
    expect(refused({ ...lists, stages: [{ dev_ids: [PANEL_3] }] })).toBe('panel-not-in-target');
    // A start that would put panels back on an older version is refused unless the body chooses it.
    expect(call(area, 'startFirmwareRollout', {}, staged).choice).toEqual({
      code: '409',
      example: 'downgrade-not-chosen',
    });
    expect(call(area, 'startFirmwareRollout', {}, { ...staged, allow_downgrade: false }).choice?.example).toBe(
      'downgrade-not-chosen',
    );
    expect(
      area.choose?.(operationKeys.startFirmwareRollout, request({}, { ...staged, allow_downgrade: true })),
    ).toBeUndefined();
    // The contract's example roll-out 600 (halted, stage 2: 3 of 6 failed) is there from the start.
    const listed = call(area, 'getFirmwareRollouts', {}, {}, 'limit=10').whole as { data: Rollout[] };
    expect(listed.data.map((rollout) => [rollout.id, rollout.state])).toEqual([[600, 'halted']]);
    expect(listed.data[0]!.stages.map((stage) => [stage.size, stage.done, stage.failed])).toEqual([
      [1, 1, 0],
      [6, 3, 3],
    ]);
    expect(panels(area, 600, 'state=failed').map((row) => [row.dev_id, row.error])).toEqual([
      [PANEL_3, 'Panel güncellemeyi reddetti'],
      [869100000002001, 'Panel güncellemeyi reddetti'],
      [869100000002002, 'Panel güncellemeyi reddetti'],
    ]);
    expect(panels(area, 600, 'stage=1')).toMatchObject([
      { dev_id: PANEL_1, state: 'done', firm_ver_before: '3.4.2', firm_ver_now: '3.4.1' },
    ]);
  });

  it("refuses a version whose binary does not match its SHA-256, or is not the file store's, before anything is sent", () => {
    const { area, simulator, firmware } = under;
    const staged = ONE_STAGE;
    const version = firmware.versions.find((candidate) => candidate.id === 201)!;
    expect(firmwareBinaryDigest(version.url)).toBe(version.sha256);
    const refusedAs = (change: Partial<typeof version>) => {
      firmware.updateVersion({ ...version, ...change });
      return [
        call(area, 'previewFirmwareRollout', {}, staged).choice,
        call(area, 'startFirmwareRollout', {}, staged).choice,
      ];
    };
    const mismatch = { code: '409', example: 'firmware-digest-mismatch' };
    // Another file's digest; a link to a binary the store does not have.
    expect(refusedAs({ sha256: firmwareBinaryDigest('https://files.example.com/Firmware/mx16g-3.4.2.bin')! })).toEqual([
      mismatch,
      mismatch,
    ]);
    expect(refusedAs({ url: 'https://files.example.com/Firmware/mx16g-3.9.9.bin' })).toEqual([mismatch, mismatch]);
    expect(simulator.changes).toEqual([]);
    expect(refusedAs({})).toEqual([undefined, undefined]);
  });
});
