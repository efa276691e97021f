/**
 * The firmware area of the mock (spec 2 §3, §4, §7) as a small server over the firmware tests' store
 * (mocks/firmware-tests/store.ts): what each operation does to the store, and the lists answered from it — the run
 * list the unanswered rows, the report every row. Refusals answer the contract's own error examples (a version number
 * already taken, a version or stage in use by a test, a model without stages, an unknown id). `reset()` puts
 * everything back as the examples have it.
 */
import type { FirmwareVersion } from '@generated/api/types.gen.ts';
import type { Contract } from '../contract.ts';
import type { Choice, MockArea } from '../area.ts';
import { defineArea } from '../define-area.ts';
import { pathInteger } from '../ids.ts';
import { publicRow, type FirmwareRefusal } from '../firmware-tests/records.ts';
import { firmwareSeed } from '../firmware-tests/seed.ts';
import { FirmwareStore } from '../firmware-tests/store.ts';

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
  const userName = (request: { claims: Record<string, unknown> }): string => {
    const username = String(request.claims.Username ?? '');
    return seed.names.get(username) ?? username;
  };
  const id = (request: { params: { id: string } }): number => pathInteger(request, 'id');
  /** A test's result rows: the contract's 404 for an unknown test. */
  const knownTest = (request: { params: { id: string } }): Choice | undefined =>
    store.tests.some((test) => test.id === id(request)) ? undefined : { code: '404' };

  /** A deletion of the path's id: refused as the store says, else done once Prism answered. */
  const deletion = (check: (at: number) => FirmwareRefusal | undefined, remove: (at: number) => void) => ({
    choose: (request: { params: { id: string } }) => refusal(check(id(request))),
    answer<A>(request: { params: { id: string } }, answer: A): A {
      remove(id(request));
      return answer;
    },
  });

  return defineArea({
    contract,
    operations: {
      getModelList: { answer: () => ({ data: store.models }) },
      getFirmwareList: { answer: (request) => ({ data: store.versionsOf(id(request)) }) },
      addFirmware: {
        choose: ({ body }) =>
          refusal(store.checkVersion({ model_id: Number(body.model_id), firm_ver: String(body.firm_ver) })),
        answer: ({ body }) => ({
          data: store.addVersion({
            firm_ver: String(body.firm_ver),
            url: String(body.url),
            sha256: String(body.sha256),
            description: String(body.description),
            model_id: Number(body.model_id),
          }),
        }),
      },
      updateFirmware: {
        // The body's own values, as the store reads them.
        choose: ({ body }) => refusal(store.checkVersion(body as Partial<FirmwareVersion>)),
        answer: ({ body }) => ({
          data: store.updateVersion({
            id: Number(body.id),
            firm_ver: String(body.firm_ver),
            url: String(body.url),
            sha256: String(body.sha256),
            description: String(body.description),
            model_id: Number(body.model_id),
          }),
        }),
      },
      deleteFirmware: deletion(
        (at) => store.checkDeleteVersion(at),
        (at) => store.deleteVersion(at),
      ),
      getFirmwareTestStageList: { answer: (request) => ({ data: store.stagesOf(id(request)) }) },
      addFirmwareTestStage: {
        answer: ({ body }) => ({
          data: store.addStage({ description: String(body.description), model_id: Number(body.model_id) }),
        }),
      },
      updateFirmwareTestStage: {
        choose: ({ body }) => (store.hasStage(Number(body.id)) ? undefined : { code: '404' }),
        answer: ({ body }) => ({
          data: store.updateStage({
            id: Number(body.id),
            description: String(body.description),
            model_id: Number(body.model_id),
          }),
        }),
      },
      deleteFirmwareTestStage: deletion(
        (at) => store.checkDeleteStage(at),
        (at) => store.deleteStage(at),
      ),
      getFirmwareTestList: { answer: () => ({ data: store.testList() }) },
      addFirmwareTest: {
        choose: ({ body }) => refusal(store.checkTest(Number(body.model_id), Number(body.firmware_id))),
        answer: (request) => ({
          data: store.addTest(Number(request.body.model_id), Number(request.body.firmware_id), userName(request)),
        }),
      },
      updateFirmwareTestResult: {
        choose: ({ body }) => {
          const refused = store.checkResult(
            Number(body.id),
            body.result === true,
            String(body.result_description ?? ''),
          );
          // The contract answers an unknown row with its 400.
          return refused ? { code: '400', example: 'missing-description' } : undefined;
        },
        answer: (request) => ({
          data: store.answerResult(
            Number(request.body.id),
            request.body.result === true,
            String(request.body.result_description ?? ''),
            userName(request),
          ),
        }),
      },
      // The run list: the rows not answered yet.
      getFirmwareTestResultList: {
        choose: knownTest,
        answer: (request) => ({
          data: store
            .rowsOf(id(request))
            .filter((row) => row.result === null)
            .map(publicRow),
        }),
      },
      // The report: every row.
      getFirmwareTestResultListAll: {
        choose: knownTest,
        answer: (request) => ({ data: store.rowsOf(id(request)).map(publicRow) }),
      },
    },

    reset() {
      store.reset();
    },
  });
};
