/**
 * The firmware area of the mock (spec 2 §3, §4, §7) as a small server: panel models, the firmware versions and test
 * stages of each model, the firmware tests and their result rows, starting from the contract's examples
 * (openapi/EXAMPLES.md "Firmware") and changed by what the console does:
 *  - adding, editing and deleting versions and stages changes the store, and the lists answer it;
 *  - adding a test creates it at 0 percent with one unanswered result row per stage of its model;
 *  - answering a row stores its result and description (with who answered and when); the test's percentage follows
 *    (answered rows / all rows × 100, rounded down as the example's 66 is) and its end time is set once every row
 *    has a result;
 *  - the result lists answer the store: the run list the unanswered rows, the report every row.
 * Refusals answer the contract's own error examples (a version number already taken, a version or stage in use by a
 * test, a model without stages, an unknown id). `reset()` puts everything back as the examples have it.
 */
import type { FirmwareModel, FirmwareTest, FirmwareVersion, TestResult, TestStage } from '@generated/api/types.gen.ts';
import type { Contract } from '../contract.ts';
import { json, type AreaRequest, type Choice, type MockArea } from '../area.ts';
import { idValue, pathInteger } from '../ids.ts';

/** A result row as the store keeps it: the contract's row, and the stage and test it belongs to. */
export interface StoredResult extends TestResult {
  stage_id: number;
  test_id: number;
}

/** A test as the store keeps it: the contract's test, and its model and firmware version. */
export interface StoredTest extends FirmwareTest {
  model_id: number;
  firmware_id: number;
}

interface Seed {
  models: FirmwareModel[];
  versions: FirmwareVersion[];
  stages: TestStage[];
  tests: FirmwareTest[];
  /** The example result rows of each test, by test id (the report's example). */
  results: Map<number, TestResult[]>;
  /** User names by sign-in name (the account examples), for the rows a user answers. */
  names: Map<string, string>;
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

/** Date and time as the contract writes it (ISO 8601 to the second, UTC). */
const stamp = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const nextId = (ids: readonly number[]): number => Math.max(0, ...ids) + 1;

export type FirmwareRefusal = 'version-exists' | 'in-use' | 'no-stages' | 'missing-description' | 'not-found';

export class FirmwareStore {
  models: FirmwareModel[] = [];
  versions: FirmwareVersion[] = [];
  stages: TestStage[] = [];
  tests: StoredTest[] = [];
  results: StoredResult[] = [];

  constructor(
    private readonly seed: Seed,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.reset();
  }

  reset(): void {
    const { models, versions, stages, tests, results } = this.seed;
    this.models = models.map((model) => ({ ...model }));
    this.versions = versions.map((version) => ({ ...version }));
    this.stages = stages.map((stage) => ({ ...stage }));
    this.tests = [];
    this.results = [];
    for (const test of tests) {
      const model = this.models.find((candidate) => candidate.model_name === test.model_name);
      const modelId = model?.id ?? 0;
      const firmware = this.versions.find((v) => v.model_id === modelId && v.firm_ver === test.firmware);
      this.tests.push({ ...test, model_id: modelId, firmware_id: firmware?.id ?? 0 });
    }
    // The example rows keep their ids; a test without example rows (a finished one) gets a row per stage of its
    // model, answered as its percentage says: all passed at its end time when it is finished, else none.
    for (const test of this.tests) {
      const stages = this.stagesOf(test.model_id);
      const rows = results.get(test.id);
      if (rows) {
        for (const row of rows) {
          const stage = stages.find((candidate) => candidate.description === row.description);
          this.results.push({ ...row, stage_id: stage?.id ?? 0, test_id: test.id });
        }
      }
    }
    for (const test of this.tests) {
      if (results.has(test.id)) continue;
      const done = test.percentage >= 100;
      for (const stage of this.stagesOf(test.model_id)) {
        this.results.push({
          id: nextId(this.results.map((row) => row.id)),
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
  }

  versionsOf = (modelId: number): FirmwareVersion[] => this.versions.filter((v) => v.model_id === modelId);
  stagesOf = (modelId: number): TestStage[] => this.stages.filter((stage) => stage.model_id === modelId);
  rowsOf = (testId: number): StoredResult[] => this.results.filter((row) => row.test_id === testId);

  /** The tests, newest first (the contract's list order). */
  testList(): FirmwareTest[] {
    return [...this.tests].sort((a, b) => b.id - a.id).map(({ model_id: _m, firmware_id: _f, ...test }) => test);
  }

  /** What adding or saving a version would be refused for, or undefined when it is taken. */
  checkVersion(body: Partial<FirmwareVersion>): FirmwareRefusal | undefined {
    if (body.id !== undefined && !this.versions.some((v) => v.id === idValue(body.id))) return 'not-found';
    const taken = this.versions.some(
      (v) => v.model_id === idValue(body.model_id) && v.firm_ver === String(body.firm_ver) && v.id !== body.id,
    );
    return taken ? 'version-exists' : undefined;
  }

  addVersion(input: Omit<FirmwareVersion, 'id'>): FirmwareVersion {
    const version = { ...input, id: nextId(this.versions.map((v) => v.id)) };
    this.versions.push(version);
    return version;
  }

  updateVersion(version: FirmwareVersion): FirmwareVersion {
    const index = this.versions.findIndex((v) => v.id === version.id);
    this.versions[index] = { ...version };
    return version;
  }

  checkDeleteVersion(id: number): FirmwareRefusal | undefined {
    if (!this.versions.some((v) => v.id === id)) return 'not-found';
    return this.tests.some((test) => test.firmware_id === id) ? 'in-use' : undefined;
  }

  deleteVersion(id: number): void {
    this.versions = this.versions.filter((v) => v.id !== id);
  }

  addStage(input: Omit<TestStage, 'id'>): TestStage {
    const stage = { ...input, id: nextId(this.stages.map((s) => s.id)) };
    this.stages.push(stage);
    return stage;
  }

  hasStage = (id: number): boolean => this.stages.some((stage) => stage.id === id);

  updateStage(stage: TestStage): TestStage {
    const index = this.stages.findIndex((s) => s.id === stage.id);
    this.stages[index] = { ...stage };
    return stage;
  }

  checkDeleteStage(id: number): FirmwareRefusal | undefined {
    if (!this.hasStage(id)) return 'not-found';
    return this.results.some((row) => row.stage_id === id) ? 'in-use' : undefined;
  }

  deleteStage(id: number): void {
    this.stages = this.stages.filter((stage) => stage.id !== id);
  }

  checkTest(modelId: number, firmwareId: number): FirmwareRefusal | undefined {
    const firmware = this.versions.find((v) => v.id === firmwareId && v.model_id === modelId);
    if (!firmware || this.stagesOf(modelId).length === 0) return 'no-stages';
    return undefined;
  }

  /** A new test of a model's firmware at 0 percent, with an unanswered row per stage of the model. */
  addTest(modelId: number, firmwareId: number, userName: string): FirmwareTest {
    const model = this.models.find((candidate) => candidate.id === modelId);
    const firmware = this.versions.find((v) => v.id === firmwareId);
    const time = stamp(this.now());
    const test: StoredTest = {
      id: nextId(this.tests.map((candidate) => candidate.id)),
      model_name: model?.model_name ?? '',
      firmware: firmware?.firm_ver ?? '',
      user_name: userName,
      percentage: 0,
      add_time: time,
      end_time: null,
      model_id: modelId,
      firmware_id: firmwareId,
    };
    this.tests.push(test);
    for (const stage of this.stagesOf(modelId)) {
      this.results.push({
        id: nextId(this.results.map((row) => row.id)),
        description: stage.description,
        add_time: time,
        result: null,
        result_description: '',
        user_name: null,
        stage_id: stage.id,
        test_id: test.id,
      });
    }
    const { model_id: _m, firmware_id: _f, ...answer } = test;
    return answer;
  }

  /** Whether a test of the version passed: every stage answered OK (what a roll-out of it needs). */
  passed(firmwareId: number): boolean {
    return this.tests.some((test) => {
      const rows = this.rowsOf(test.id);
      return test.firmware_id === firmwareId && rows.length > 0 && rows.every((row) => row.result === true);
    });
  }

  checkResult(id: number, result: boolean, description: string): FirmwareRefusal | undefined {
    if (!this.results.some((row) => row.id === id)) return 'not-found';
    return !result && description.trim() === '' ? 'missing-description' : undefined;
  }

  /** Stores a row's answer; its test's percentage and end time follow. */
  answerResult(id: number, result: boolean, description: string, userName: string): TestResult {
    const row = this.results.find((candidate) => candidate.id === id)!;
    const time = stamp(this.now());
    Object.assign(row, {
      result,
      result_description: result ? '' : description,
      user_name: userName,
      add_time: time,
    });
    const test = this.tests.find((candidate) => candidate.id === row.test_id);
    if (test) {
      const rows = this.rowsOf(test.id);
      const answered = rows.filter((candidate) => candidate.result !== null).length;
      test.percentage = rows.length ? Math.floor((answered * 100) / rows.length) : 0;
      test.end_time = rows.length && answered === rows.length ? (test.end_time ?? time) : null;
    }
    return publicRow(row);
  }
}

const publicRow = ({ stage_id: _s, test_id: _t, ...row }: StoredResult): TestResult => row;

/** Where a refusal sends the request: the contract's error example, or its 404. */
const refusal = (refused: FirmwareRefusal | undefined): Choice | undefined =>
  refused === undefined ? undefined : refused === 'not-found' ? { code: '404' } : { code: '400', example: refused };

export const firmwareTestsArea = (
  contract: Contract,
  now?: () => Date,
  /** The store, shared with the roll-outs area (which releases versions whose test passed). */
  store: FirmwareStore = new FirmwareStore(firmwareSeed(contract), now),
): MockArea => {
  const seed = firmwareSeed(contract);
  const userName = (request: AreaRequest): string => {
    const username = String(request.claims.Username ?? '');
    return seed.names.get(username) ?? username;
  };
  const id = (request: AreaRequest): number => pathInteger(request, 'id');

  return {
    choose(key, request) {
      const body = request.body;
      switch (key) {
        case 'post /command/devices/addfirmware':
          return refusal(store.checkVersion({ model_id: idValue(body.model_id), firm_ver: String(body.firm_ver) }));
        case 'post /command/devices/updatefirmware':
          return refusal(store.checkVersion(body as Partial<FirmwareVersion>));
        case 'delete /command/devices/deletefirmware/{id}':
          return refusal(store.checkDeleteVersion(id(request)));
        case 'post /command/devices/updatefirmwareteststage':
          return store.hasStage(idValue(body.id)) ? undefined : { code: '404' };
        case 'delete /command/devices/deletefirmwareteststage/{id}':
          return refusal(store.checkDeleteStage(id(request)));
        case 'post /command/devices/addfirmwaretest':
          return refusal(store.checkTest(idValue(body.model_id), idValue(body.firmware_id)));
        case 'post /command/devices/updatefirmwaretestresult': {
          const refused = store.checkResult(
            idValue(body.id),
            body.result === true,
            String(body.result_description ?? ''),
          );
          // The contract answers an unknown row with its 400.
          return refused ? { code: '400', example: 'missing-description' } : undefined;
        }
        case 'get /command/devices/firmwaretestresultlist/{id}':
        case 'get /command/devices/firmwaretestresultlistallrecords/{id}':
          return store.tests.some((test) => test.id === id(request)) ? undefined : { code: '404' };
        default:
          return undefined;
      }
    },

    answer(key, request, payload) {
      const body = request.body;
      switch (key) {
        case 'get /command/getmodellist':
          return json({ data: store.models });
        case 'get /command/getfirmwarelist/{id}':
          return json({ data: store.versionsOf(id(request)) });
        case 'post /command/devices/addfirmware':
          return json({
            data: store.addVersion({
              firm_ver: String(body.firm_ver),
              url: String(body.url),
              sha256: String(body.sha256),
              description: String(body.description),
              model_id: idValue(body.model_id),
            }),
          });
        case 'post /command/devices/updatefirmware':
          return json({
            data: store.updateVersion({
              id: idValue(body.id),
              firm_ver: String(body.firm_ver),
              url: String(body.url),
              sha256: String(body.sha256),
              description: String(body.description),
              model_id: idValue(body.model_id),
            }),
          });
        case 'delete /command/devices/deletefirmware/{id}':
          store.deleteVersion(id(request));
          return payload;
        case 'get /command/getfirmwareteststagelist/{id}':
          return json({ data: store.stagesOf(id(request)) });
        case 'post /command/devices/addfirmwareteststage':
          return json({
            data: store.addStage({ description: String(body.description), model_id: idValue(body.model_id) }),
          });
        case 'post /command/devices/updatefirmwareteststage':
          return json({
            data: store.updateStage({
              id: idValue(body.id),
              description: String(body.description),
              model_id: idValue(body.model_id),
            }),
          });
        case 'delete /command/devices/deletefirmwareteststage/{id}':
          store.deleteStage(id(request));
          return payload;
        case 'get /command/devices/firmwaretestlist/0':
          return json({ data: store.testList() });
        case 'post /command/devices/addfirmwaretest':
          return json({
            data: store.addTest(idValue(body.model_id), idValue(body.firmware_id), userName(request)),
          });
        case 'post /command/devices/updatefirmwaretestresult':
          return json({
            data: store.answerResult(
              idValue(body.id),
              body.result === true,
              String(body.result_description ?? ''),
              userName(request),
            ),
          });
        case 'get /command/devices/firmwaretestresultlist/{id}':
          return json({
            data: store
              .rowsOf(id(request))
              .filter((row) => row.result === null)
              .map(publicRow),
          });
        case 'get /command/devices/firmwaretestresultlistallrecords/{id}':
          return json({ data: store.rowsOf(id(request)).map(publicRow) });
        default:
          return payload;
      }
    },

    reset() {
      store.reset();
    },
  };
};
