import { describe, expect, it } from 'vitest';
import type { FirmwareTest, FirmwareVersion, TestResult, TestStage } from '@generated/api/types.gen.ts';
import { operationKeys, type OperationId } from '@generated/api/operations.ts';
import { Contract } from '../contract.ts';
import type { AreaRequest, MockArea } from '../area.ts';
import { firmwareTestsArea } from './firmware-tests.ts';

const contract = Contract.load();
const NOW = new Date('2026-11-21T10:00:00.000Z');

const request = (params: Record<string, string> = {}, body: Record<string, unknown> = {}): AreaRequest => ({
  params,
  body,
  query: new URLSearchParams(),
  claims: { Username: 'admin', UserType: 2 },
  headers: {},
  raw: Buffer.alloc(0),
  contentType: 'application/json',
  origin: 'http://127.0.0.1',
});

/** A call to an operation as the front makes it (by its key): the area's choice, then (when Prism would answer 2xx) its answer. */
function call(
  area: MockArea,
  id: OperationId,
  params: Record<string, string> = {},
  body: Record<string, unknown> = {},
) {
  const req = request(params, body);
  const key = operationKeys[id];
  const choice = area.choose?.(key, req);
  if (choice?.code) return { choice, data: undefined };
  const prism = Buffer.from(JSON.stringify({ status: 'Success', message: 'ok' }));
  const answer = JSON.parse(area.answer!(key, req, prism).toString('utf8')) as { data?: unknown };
  return { choice, data: answer.data };
}

const list = <T>(area: MockArea, id: OperationId, params: Record<string, string> = {}) =>
  call(area, id, params).data as T[];
const tests = (area: MockArea) => list<FirmwareTest>(area, 'getFirmwareTestList');
const rows = (area: MockArea, id: number) => list<TestResult>(area, 'getFirmwareTestResultListAll', { id: String(id) });

describe('the firmware area of the mock', () => {
  it('starts from the contract examples', () => {
    const area = firmwareTestsArea(contract, () => NOW);
    expect(list<{ model_name: string }>(area, 'getModelList').map((m) => m.model_name)).toEqual([
      'MX-8',
      'MX-16G',
      'MX-32',
    ]);
    expect(list<FirmwareVersion>(area, 'getFirmwareList', { id: '2' }).map((v) => v.id)).toEqual([201, 202]);
    expect(list<FirmwareVersion>(area, 'getFirmwareList', { id: '1' })).toEqual([]);
    expect(list<TestStage>(area, 'getFirmwareTestStageList', { id: '2' }).map((s) => s.id)).toEqual([301, 302, 303]);
    expect(tests(area).map((test) => [test.id, test.percentage])).toEqual([
      [401, 66],
      [400, 100],
    ]);
    expect(rows(area, 401).map((row) => [row.id, row.result])).toEqual([
      [501, true],
      [502, false],
      [503, null],
    ]);
    // The finished example test has every stage answered.
    expect(rows(area, 400).every((row) => row.result === true)).toBe(true);
    expect(list<TestResult>(area, 'getFirmwareTestResultList', { id: '401' }).map((r) => r.id)).toEqual([503]);
  });

  it('adds, edits and deletes versions; refuses a taken number and a version under test', () => {
    const area = firmwareTestsArea(contract, () => NOW);
    const input = {
      firm_ver: '3.4.3',
      url: 'https://files.example.com/Firmware/x.bin',
      sha256: 'f58b587a8422c2022c4f42d0c0d43e841b7246a05802a135cfb668577070f1e0',
      description: 'd',
      model_id: 2,
    };
    expect(call(area, 'addFirmware', {}, input).data).toEqual({ ...input, id: 203 });
    expect(call(area, 'addFirmware', {}, input).choice).toEqual({
      code: '400',
      example: 'version-exists',
    });
    const digest = 'ae9325879353c4b6e7150645e3d069475c929bf844443ed3aeeca0950ea6179b';
    call(area, 'updateFirmware', {}, { ...input, id: 203, description: 'notes', sha256: digest });
    const versions = list<FirmwareVersion>(area, 'getFirmwareList', { id: '2' });
    expect(versions.find((v) => v.id === 203)).toMatchObject({ description: 'notes', sha256: digest });
    expect(call(area, 'updateFirmware', {}, { ...input, id: 999 }).choice).toEqual({
      code: '404',
    });
    expect(call(area, 'deleteFirmware', { id: '202' }).choice).toEqual({
      code: '400',
      example: 'in-use',
    });
    call(area, 'deleteFirmware', { id: '203' });
    expect(list<FirmwareVersion>(area, 'getFirmwareList', { id: '2' }).map((v) => v.id)).toEqual([201, 202]);
  });

  it('adds, updates and deletes stages; refuses deleting a stage with results', () => {
    const area = firmwareTestsArea(contract, () => NOW);
    expect(call(area, 'addFirmwareTestStage', {}, { description: 'Pil testi', model_id: 2 }).data).toEqual({
      id: 304,
      description: 'Pil testi',
      model_id: 2,
    });
    call(area, 'updateFirmwareTestStage', {}, { id: 304, description: 'Pil', model_id: 2 });
    expect(list<TestStage>(area, 'getFirmwareTestStageList', { id: '2' }).at(-1)?.description).toBe('Pil');
    expect(call(area, 'deleteFirmwareTestStage', { id: '303' }).choice).toEqual({
      code: '400',
      example: 'in-use',
    });
    call(area, 'deleteFirmwareTestStage', { id: '304' });
    expect(list<TestStage>(area, 'getFirmwareTestStageList', { id: '2' })).toHaveLength(3);
  });

  it('runs a whole test: rows per stage, the percentage follows, the end time is set at the last answer', () => {
    const area = firmwareTestsArea(contract, () => NOW);
    expect(call(area, 'addFirmwareTest', {}, { model_id: 1, firmware_id: 201 }).choice).toEqual({
      code: '400',
      example: 'no-stages',
    });
    const created = call(area, 'addFirmwareTest', {}, { model_id: 2, firmware_id: 201 }).data as FirmwareTest;
    expect(created).toMatchObject({ id: 402, model_name: 'MX-16G', firmware: '3.4.1', percentage: 0, end_time: null });
    expect(created.user_name).toBe('Ayşe Yılmaz');
    expect(tests(area)[0]?.id).toBe(402);
    const [first, second, third] = rows(area, 402);
    expect(rows(area, 402).map((row) => row.result)).toEqual([null, null, null]);

    const answer = (id: number, result: boolean, description: string) =>
      call(area, 'updateFirmwareTestResult', {}, { id, result, result_description: description });
    expect(answer(first!.id, false, '  ').choice).toEqual({ code: '400', example: 'missing-description' });
    expect(answer(first!.id, true, '').data).toMatchObject({ result: true, user_name: 'Ayşe Yılmaz' });
    expect(tests(area)[0]?.percentage).toBe(33);
    answer(second!.id, false, 'Zon 3 alarm vermedi');
    expect(tests(area)[0]).toMatchObject({ percentage: 66, end_time: null });
    expect(list<TestResult>(area, 'getFirmwareTestResultList', { id: '402' }).map((r) => r.id)).toEqual([third!.id]);
    answer(third!.id, true, '');
    expect(tests(area)[0]).toMatchObject({ percentage: 100, end_time: '2026-11-21T10:00:00Z' });
    expect(rows(area, 402).map((row) => [row.result, row.result_description])).toEqual([
      [true, ''],
      [false, 'Zon 3 alarm vermedi'],
      [true, ''],
    ]);
    expect(call(area, 'getFirmwareTestResultList', { id: '999' }).choice).toEqual({
      code: '404',
    });

    area.reset!();
    expect(tests(area).map((test) => test.id)).toEqual([401, 400]);
  });
});
