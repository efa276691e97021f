/**
 * The contract covers every call both specification documents name, with the method and path they write,
 * and every operation follows the house conventions.
 */
import { describe, expect, it } from 'vitest';
import { isObject, loadBundledContract, settingsGroupNumbers, type JsonObject } from './contract-loader.ts';

const contract = loadBundledContract();
const paths = contract.paths as Record<string, JsonObject>;

/** The calls named by spec 1 §7 and spec 2 §7 (method and path as written; the base is relative). */
const SPEC_CALLS = `
POST /logins; POST /register; GET /user/getuserlist; PUT /user/setuseractivestatus; DELETE /user/resetuseruid;
PUT /user/changepasstodefault; DELETE /user/deleteappuser; GET /command/devices/userlistofdevice/0/{id};
GET /changed-jwt; POST /accept-verification; POST /send-verification; POST /forget-password; POST /verify-reset-uid;
POST /reset-phone-uid; POST /user/changepass; GET /user-authority; GET /user/getuserdetail; PUT /user/updateregister;
GET /reports/general; GET /command/devices/userdevices/{offset}; GET /command/devices/useralldevices;
GET /command/devices/{id}/devicepart/0; POST /command/devices/userdevices/addpanel;
PUT /command/devices/userdevices/changepaneldesc; DELETE /command/devices/userdevices/removepanel;
GET /command/devices/{id}/zones; GET /command/devices/{id}/outs; GET /command/devices/{id}/users;
GET /command/devices/{id}/keypads; GET /command/devices/userdevices/devicesearch/0/{text}; PUT /devices/setpanelstatus;
PUT /devices/{device_id}/zone/{zone_id}; PUT /devices/{device_id}/output/{out_id}; POST /programming/sendpanelmessage;
POST /command/devices/move-device; POST /reset-device-info; POST /command/devices/controlpanel;
POST /command/devices/getpanelsettings; POST /command/devices/changepaneluserpass; DELETE /command/devices/deletepaneluser;
GET /devices/{id}/card-report; GET /devices/{id}/card-report-export; GET /list/getalarmdescriptions; GET /list/getsiacodes;
GET /list/getbehaviorlist; GET /list/getzonecontypelist; GET /list/getzonetypelist; GET /list/getoutfunctionlist;
GET /list/gettimedarmaimlist; GET /list/getautoarmaimlist;
POST /command/devices/setzonesettings; POST /command/devices/setoutputsettings; POST /command/devices/setusersettings;
POST /command/devices/setkeypadsettings; POST /command/devices/setkeypadgensettings; POST /command/devices/setcmssettings;
POST /command/devices/setcmsgensettings; POST /command/devices/setalarmsettings; POST /command/devices/setpartitionsettings;
POST /command/devices/setsiacodesettings; POST /command/devices/settimersettings; POST /command/devices/setremotesettings;
POST /command/devices/setgsmsettings; POST /command/devices/setautoarmsettings; POST /command/devices/settimedarmsettings;
POST /command/devices/setntpsettings; POST /command/devices/setdevicegensettings; POST /command/devices/setdevicesmssettings;
POST /command/devices/setethsettings; POST /command/devices/setdevicednssettings; POST /command/devices/setwifisettings;
POST /command/devices/generatecode;
GET /command/getmodellist; GET /command/getfirmwarelist/{id}; POST /command/devices/addfirmware;
POST /command/devices/updatefirmware; POST /command/devices/addfirmwaretest; POST /command/devices/addfirmwareteststage;
POST /command/devices/updatefirmwaretestresult; POST /command/devices/updatefirmwareteststage;
GET /command/devices/firmwaretestlist/0; GET /command/getfirmwareteststagelist/{id};
GET /command/devices/firmwaretestresultlist/{id}; GET /command/devices/firmwaretestresultlistallrecords/{id};
DELETE /command/devices/deletefirmware/{id}; DELETE /command/devices/deletefirmwareteststage/{id};
GET /payment-plans; GET /payment-plans/{id}; GET /payment-settings; POST /orders; GET /orders; GET /orders/history;
POST /orders/coupon; PUT /orders/{id}/billing; PUT /orders/{id}/cancel; POST /coupons; GET /coupons;
GET /coupons/{id}/codes; POST /coupons/create-for-administrator; GET /reports/order;
POST /dealer-requests; GET /dealer-requests; POST /dealer-requests/{id}/approve;
GET /resources; GET /resources/download
`
  .split(';')
  .map((call) => call.trim())
  .filter(Boolean);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(paths).flatMap(([path, item]) =>
  METHODS.filter((method) => isObject(item[method])).map((method) => ({
    method,
    path,
    spec: item[method] as JsonObject,
  })),
);

describe('contract structure', () => {
  it('has an operation for every call the specification names', () => {
    const have = new Set(operations.map((op) => `${op.method.toUpperCase()} ${op.path}`));
    expect(SPEC_CALLS.filter((call) => !have.has(call))).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(SPEC_CALLS.length);
  });

  it('names every operation uniquely and tags it', () => {
    const ids = operations.map((op) => op.spec.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((op) => !Array.isArray(op.spec.tags) || op.spec.tags.length === 0)).toEqual([]);
  });

  it('documents 401 on every secured operation', () => {
    const secured = operations.filter((op) => !(Array.isArray(op.spec.security) && op.spec.security.length === 0));
    const missing = secured.filter((op) => !isObject((op.spec.responses as JsonObject)['401']));
    expect(missing.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('documents the 400 of its own validation on every operation that takes a body, a path or a query parameter', () => {
    // Bad input must be refused in a documented way (the negative conformance check sends it): `400 BadRequest`.
    const takesInput = (op: (typeof operations)[number]) => {
      const params = [
        ...((paths[op.path]!.parameters as JsonObject[]) ?? []),
        ...((op.spec.parameters as JsonObject[]) ?? []),
      ];
      const located = params.map((param) => {
        const ref = typeof param.$ref === 'string' ? param.$ref.split('/').pop()! : undefined;
        const resolved = ref
          ? ((contract.components as JsonObject).parameters as Record<string, JsonObject>)[ref]
          : param;
        return resolved?.in;
      });
      return op.spec.requestBody !== undefined || located.some((where) => where === 'path' || where === 'query');
    };
    const missing = operations.filter((op) => takesInput(op) && !isObject((op.spec.responses as JsonObject)['400']));
    expect(missing.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('documents the common headers on every call to the console API', () => {
    const headerNames = (op: (typeof operations)[number]) => {
      const item = paths[op.path]!;
      const params = [...((item.parameters as JsonObject[]) ?? []), ...((op.spec.parameters as JsonObject[]) ?? [])];
      return params.map((param) =>
        String(param.$ref ?? param.name)
          .split('/')
          .pop(),
      );
    };
    const apiCalls = operations.filter((op) => !op.path.startsWith('/resources'));
    const missing = apiCalls.filter(
      (op) => !['Language', 'Agent', 'Country'].every((h) => headerNames(op).includes(h)),
    );
    expect(missing.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('describes every spec gap in a sentence', () => {
    const undocumented: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}/${i}`));
      if (!isObject(node)) return;
      if (node['x-spec-gap'] === true && (typeof node.description !== 'string' || node.description.length < 20)) {
        undocumented.push(where);
      }
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
    };
    walk(contract, '#');
    expect(undocumented).toEqual([]);
  });

  it('uses the settings group schemas for the settings writes', () => {
    const schemas = (contract.components as { schemas: Record<string, JsonObject> }).schemas;
    const groups = Object.values(schemas).filter((schema) => typeof schema['x-settings-group'] === 'number');
    const numbers = settingsGroupNumbers();
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i));
    expect(groups.map((schema) => schema['x-settings-group']).sort((a, b) => Number(a) - Number(b))).toEqual(numbers);
    for (const schema of groups) {
      const operationId = schema['x-set-operation'];
      const op = operations.find((o) => o.spec.operationId === operationId);
      expect(op, `write operation ${String(operationId)}`).toBeDefined();
    }
  });
});
