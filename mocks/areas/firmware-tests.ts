/**
 * The firmware area of the mock (spec 2 §3, §4, §7) as a small server over the firmware tests' store
 * (mocks/firmware-tests/store.ts): what each operation does to the store, and the lists answered from it — the run
 * list the unanswered rows, the report every row. Refusals answer the contract's own error examples (a version number
 * already taken, a version or stage in use by a test, a model without stages, an unknown id). `reset()` puts
 * everything back as the examples have it.
 */
import type { FirmwareVersion } from '@generated/api/types.gen.ts';
import type { Contract } from '../contract.ts';
import { json, type AreaRequest, type Choice, type MockArea } from '../area.ts';
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
          return refusal(store.checkVersion({ model_id: Number(body.model_id), firm_ver: String(body.firm_ver) }));
        case 'post /command/devices/updatefirmware':
          return refusal(store.checkVersion(body as Partial<FirmwareVersion>));
        case 'delete /command/devices/deletefirmware/{id}':
          return refusal(store.checkDeleteVersion(id(request)));
        case 'post /command/devices/updatefirmwareteststage':
          return store.hasStage(Number(body.id)) ? undefined : { code: '404' };
        case 'delete /command/devices/deletefirmwareteststage/{id}':
          return refusal(store.checkDeleteStage(id(request)));
        case 'post /command/devices/addfirmwaretest':
          return refusal(store.checkTest(Number(body.model_id), Number(body.firmware_id)));
        case 'post /command/devices/updatefirmwaretestresult': {
          const refused = store.checkResult(
            Number(body.id),
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
              model_id: Number(body.model_id),
            }),
          });
        case 'post /command/devices/updatefirmware':
          return json({
            data: store.updateVersion({
              id: Number(body.id),
              firm_ver: String(body.firm_ver),
              url: String(body.url),
              sha256: String(body.sha256),
              description: String(body.description),
              model_id: Number(body.model_id),
            }),
          });
        case 'delete /command/devices/deletefirmware/{id}':
          store.deleteVersion(id(request));
          return payload;
        case 'get /command/getfirmwareteststagelist/{id}':
          return json({ data: store.stagesOf(id(request)) });
        case 'post /command/devices/addfirmwareteststage':
          return json({
            data: store.addStage({ description: String(body.description), model_id: Number(body.model_id) }),
          });
        case 'post /command/devices/updatefirmwareteststage':
          return json({
            data: store.updateStage({
              id: Number(body.id),
              description: String(body.description),
              model_id: Number(body.model_id),
            }),
          });
        case 'delete /command/devices/deletefirmwareteststage/{id}':
          store.deleteStage(id(request));
          return payload;
        case 'get /command/devices/firmwaretestlist/0':
          return json({ data: store.testList() });
        case 'post /command/devices/addfirmwaretest':
          return json({
            data: store.addTest(Number(body.model_id), Number(body.firmware_id), userName(request)),
          });
        case 'post /command/devices/updatefirmwaretestresult':
          return json({
            data: store.answerResult(
              Number(body.id),
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
