/**
 * What the firmware tests' store starts from (and goes back to on `areas/reset`): the contract's firmware examples
 * (openapi/EXAMPLES.md "Firmware") — models, versions, stages, tests and the report's result rows — with the rows a
 * finished test without example rows gets.
 */
import type { FirmwareModel, FirmwareTest, FirmwareVersion, TestResult, TestStage } from '@generated/api/types.gen.ts';
import type { Contract } from '../contract.ts';
import { nextId, type StoredResult, type StoredTest } from './records.ts';

export interface Seed {
  models: FirmwareModel[];
  versions: FirmwareVersion[];
  stages: TestStage[];
  tests: FirmwareTest[];
  /** The example result rows of each test, by test id (the report's example). */
  results: Map<number, TestResult[]>;
  /** User names by sign-in name (the account examples), for the rows a user answers. */
  names: Map<string, string>;
}

/** The records of the store as the seed has them. */
export interface SeededRecords {
  models: FirmwareModel[];
  versions: FirmwareVersion[];
  stages: TestStage[];
  tests: StoredTest[];
  results: StoredResult[];
}

const exampleData = <T>(contract: Contract, method: string, path: string, name: string): T[] => {
  const operation = contract.operations.find((op) => op.method === method && op.path === path);
  const value = operation && contract.responseExamples(operation).get(name)?.example.value;
  const data = (value as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
};

/** The firmware examples of the contract (what the store starts from). */
export function firmwareSeed(contract: Contract): Seed {
  const results = new Map<number, TestResult[]>();
  const all = contract.operations.find(
    (op) => op.method === 'get' && op.path === '/command/devices/firmwaretestresultlistallrecords/{id}',
  );
  for (const [name, { example }] of all ? contract.responseExamples(all) : []) {
    const match = /^test-(\d+)$/.exec(name);
    const data = (example.value as { data?: unknown } | undefined)?.data;
    if (match && Array.isArray(data)) results.set(Number(match[1]), data as TestResult[]);
  }
  const names = new Map<string, string>();
  const detail = contract.operations.find((op) => op.method === 'get' && op.path === '/user/getuserdetail');
  for (const [username, { example }] of detail ? contract.responseExamples(detail) : []) {
    const name = (example.value as { data?: { name?: unknown } } | undefined)?.data?.name;
    if (typeof name === 'string') names.set(username, name);
  }
  return {
    models: exampleData(contract, 'get', '/command/getmodellist', 'default'),
    versions: exampleData(contract, 'get', '/command/getfirmwarelist/{id}', 'mx-16g'),
    stages: exampleData(contract, 'get', '/command/getfirmwareteststagelist/{id}', 'mx-16g'),
    tests: exampleData(contract, 'get', '/command/devices/firmwaretestlist/0', 'default'),
    results,
    names,
  };
}

/** Fresh copies of the seed's records: each test tied to its model and version, with its result rows. */
export function seededRecords(seed: Seed): SeededRecords {
  const models = seed.models.map((model) => ({ ...model }));
  const versions = seed.versions.map((version) => ({ ...version }));
  const stages = seed.stages.map((stage) => ({ ...stage }));
  const stagesOf = (modelId: number) => stages.filter((stage) => stage.model_id === modelId);
  const tests: StoredTest[] = [];
  const results: StoredResult[] = [];
  for (const test of seed.tests) {
    const model = models.find((candidate) => candidate.model_name === test.model_name);
    const modelId = model?.id ?? 0;
    const firmware = versions.find((v) => v.model_id === modelId && v.firm_ver === test.firmware);
    tests.push({ ...test, model_id: modelId, firmware_id: firmware?.id ?? 0 });
  }
  // The example rows keep their ids; a test without example rows (a finished one) gets a row per stage of its
  // model, answered as its percentage says: all passed at its end time when it is finished, else none.
  for (const test of tests) {
    const rows = seed.results.get(test.id);
    if (rows) {
      for (const row of rows) {
        const stage = stagesOf(test.model_id).find((candidate) => candidate.description === row.description);
        results.push({ ...row, stage_id: stage?.id ?? 0, test_id: test.id });
      }
    }
  }
  for (const test of tests) {
    if (seed.results.has(test.id)) continue;
    const done = test.percentage >= 100;
    for (const stage of stagesOf(test.model_id)) {
      results.push({
        id: nextId(results.map((row) => row.id)),
        description: stage.description,
        add_time: done && test.end_time ? test.end_time : test.add_time,
        result: done ? true : null,
        result_description: '',
        user_name: done ? test.user_name : null,
        stage_id: stage.id,
        test_id: test.id,
      });
    }
  }
  return { models, versions, stages, tests, results };
}
