/**
 * The firmware tests' store of the mock (spec 2 §3, §4, §7): panel models, the firmware versions and test stages of
 * each model, the firmware tests and their result rows, starting from the contract's examples (seed.ts) and changed
 * by what the console does:
 *  - adding, editing and deleting versions and stages changes the store, and the lists answer it;
 *  - adding a test creates it at 0 percent with one unanswered result row per stage of its model;
 *  - answering a row stores its result and description (with who answered and when); the test's percentage follows
 *    (answered rows / all rows × 100, rounded down as the example's 66 is) and its end time is set once every row
 *    has a result.
 * Each `check…` says what the contract refuses a change for (a version number already taken, a version or stage in
 * use by a test, a model without stages, an unknown id). `reset()` puts everything back as the examples have it. The
 * roll-outs (mocks/rollouts/) share it: they release versions whose test passed.
 */
import type { FirmwareModel, FirmwareTest, FirmwareVersion, TestResult, TestStage } from '@generated/api/types.gen.ts';
import { nextId, publicRow, stamp, type FirmwareRefusal, type StoredResult, type StoredTest } from './records.ts';
import { seededRecords, type Seed } from './seed.ts';

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
    ({
      models: this.models,
      versions: this.versions,
      stages: this.stages,
      tests: this.tests,
      results: this.results,
    } = seededRecords(this.seed));
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
    if (body.id !== undefined && !this.versions.some((v) => v.id === Number(body.id))) return 'not-found';
    const taken = this.versions.some(
      (v) => v.model_id === Number(body.model_id) && v.firm_ver === String(body.firm_ver) && v.id !== body.id,
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
