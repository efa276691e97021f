/**
 * The panels of the mock: a panel's parts, zones, outputs, users and keypads answer that panel's example (`dev-<id>`,
 * else `empty`); a command answers `disconnected` for a disconnected panel and `panel-error` for a wrong panel
 * password, and a command the panel accepted goes to the panel simulator, so its effect arrives on the live feed.
 * The panel lists answer only the panels within the caller's reach (mocks/access.ts), with the descriptions given
 * since (a renamed panel shows its new name); the paged and the unpaged list also show the panels added since
 * (panel-owners.ts: a row like the example's panels, not connected), and the paged list cuts the page asked for out
 * of the whole list. A zone's or an output's quick update the server took (name, active) is remembered in the
 * settings store and shown by the panel's zone or output list from then on, until the panels reset; its record must
 * be a row of that panel's own list (404 otherwise) and the body must name the path's panel and record (400).
 * The zone, keypad, user and output lists hold one truth with the panel's programming (record-lists.ts: a zone
 * renamed through programming is listed with its new name) and with its present state (panel-states.ts: a zone
 * bypassed by a command is listed bypassed, an output switched on is on).
 */
import type { MockAccess, MockClaims } from '../access.ts';
import { examplePickers, json, statusConfirms, type AreaRequest, type MockArea } from '../area.ts';
import { pageFromPath, pageOf, type PageAsked } from '../db/paging.ts';
import { idValue, integerValue, pathInteger } from '../ids.ts';
import type { CommandSink, PanelCommand } from '../command-sink.ts';
import type { AddedPanel } from '../db/panel-owners.ts';
import type { Contract } from '../contract.ts';
import { QUICK_UPDATES, type SettingsStore } from '../db/settings-store.ts';
import { withPanelStates } from '../panel-states.ts';

const COMMAND = 'post /command/devices/controlpanel';

/** The paged panel list: Prism answers the whole example, the area cuts the page asked for. */
const PANEL_PAGE = 'get /command/devices/userdevices/{offset}';

/** The panel lists, which answer only the panels within the caller's reach (before the paged list is cut). */
const PANEL_LISTS = new Set([
  PANEL_PAGE,
  'get /command/devices/userdevices/devicesearch/0/{text}',
  'get /command/devices/useralldevices',
]);

/** The panel a request names (its body's `dev_id`, else the path's `id` or `device_id`). */
const devIdOf = ({ body, params }: AreaRequest): number =>
  integerValue(body.dev_id ?? params.id ?? params.device_id) ?? Number.NaN;

/**
 * The page of `offset` and `limit` out of the example's panels, with `list_info` saying so (as a server pages its
 * list; "more panels" asks from the number already loaded). Without a valid limit the page runs to the end.
 */
export function pagePanels(payload: Buffer, asked: PageAsked | undefined): Buffer {
  const page = JSON.parse(payload.toString('utf8')) as { data?: unknown[]; list_info?: Record<string, number> };
  return Array.isArray(page.data) && asked ? json(pageOf(page.data, asked)) : payload;
}

/** The lists that show the panels added since the examples (the search answers its example's panels only). */
const LISTS_WITH_ADDED = new Set([PANEL_PAGE, 'get /command/devices/useralldevices']);

type PanelRow = Record<string, unknown> & { dev_id?: unknown };

/** The row of a panel added since the examples: shaped like the example's (a not connected one, if it has one). */
function addedRow(template: PanelRow, panel: AddedPanel): PanelRow {
  const info = typeof template.device_info === 'object' && template.device_info ? template.device_info : {};
  return {
    ...template,
    id: panel.id,
    dev_id: panel.dev_id,
    description: panel.description,
    add_time: panel.add_time,
    device_info: { ...info, id: panel.id, dev_id: panel.dev_id },
  };
}

/**
 * A panel list holding only the panels the caller reaches, with the descriptions given since the examples, and
 * (`withAdded`) the panels added since after the example's.
 */
function panelList(access: MockAccess, claims: Record<string, unknown>, payload: Buffer, withAdded: boolean): Buffer {
  const answer = JSON.parse(payload.toString('utf8')) as { data?: PanelRow[]; list_info?: object };
  if (!Array.isArray(answer.data) || typeof claims.UserType !== 'number') return payload;
  const reaches = (devId: number) => access.reachesPanel(claims as MockClaims, devId);
  const template = answer.data.find((row) => row.connected === false) ?? answer.data[0];
  const listed = new Set(answer.data.map((row) => idValue(row.dev_id)));
  const added =
    withAdded && template
      ? access.owners
          .added()
          .filter((panel) => !listed.has(panel.dev_id))
          .map((panel) => addedRow(template, panel))
      : [];
  const data = [...answer.data, ...added]
    .filter((row) => reaches(idValue(row.dev_id)))
    .map((row) => {
      const description = access.owners.descriptionOf(idValue(row.dev_id));
      return description === undefined ? row : { ...row, description };
    });
  const listInfo = answer.list_info && { ...answer.list_info, total_count: data.length };
  return json(listInfo ? { ...answer, data, list_info: listInfo } : { ...answer, data });
}

export const panelsArea = (
  contract: Contract,
  simulator: CommandSink,
  access: MockAccess,
  settings: SettingsStore,
): MockArea => {
  const examples = examplePickers(contract);
  /** The lists that show a panel's records (its programming and quick updates change them), by their GET operation. */
  const recordListPaths = new Map(settings.lists.map(({ path }) => [`get ${path}`, path]));
  /**
   * A zone's or an output's quick update names its record by the path: 400 when the body names another panel or
   * record, 404 when the record is no row of the panel's own list (another panel's record, or none), as for an id
   * that does not exist; undefined lets it go on.
   */
  const quickUpdateRefusal = (key: string, { params, body }: AreaRequest) => {
    const quick = QUICK_UPDATES[key]!;
    const devId = idValue(params.device_id);
    const id = idValue(params[quick.idParam]);
    if (idValue(body.device_id) !== devId || idValue(body[quick.idParam]) !== id) return { code: '400' };
    return settings.listedRow(quick.list, devId, id) ? undefined : { code: '404' };
  };
  return {
    choose(key, request) {
      const { pick } = examples(key);
      const devId = devIdOf(request);
      switch (key) {
        case 'get /command/devices/{id}/devicepart/0':
        case 'get /command/devices/{id}/zones':
        case 'get /command/devices/{id}/outs':
        case 'get /command/devices/{id}/users':
        case 'get /command/devices/{id}/keypads':
          return pick(`dev-${devId}`, 'empty');
        case 'put /devices/{device_id}/zone/{zone_id}':
        case 'put /devices/{device_id}/output/{out_id}':
          return quickUpdateRefusal(key, request);
        case COMMAND:
          if (!simulator.isConnected(devId)) return pick('disconnected');
          if (!simulator.isPanelPassword(devId, String(request.body.password ?? ''))) return pick('panel-error');
          return pick('success');
        default:
          return undefined;
      }
    },

    answer(key, request, payload) {
      const list = recordListPaths.get(key);
      if (list) {
        const answer = JSON.parse(payload.toString('utf8')) as { data?: unknown };
        if (!Array.isArray(answer.data)) return payload;
        const devId = devIdOf(request);
        const rows = settings.withUpdates(list, devId, answer.data);
        return json({ ...answer, data: withPanelStates(list, rows, simulator.listStates?.(devId)) });
      }
      const { claims } = request;
      return PANEL_LISTS.has(key) ? panelList(access, claims, payload, LISTS_WITH_ADDED.has(key)) : payload;
    },

    reshape(key, { params, query }, payload) {
      if (key !== PANEL_PAGE) return payload;
      return pagePanels(payload, pageFromPath(params.offset, query));
    },

    sent(key, request, payload) {
      const { body } = request;
      const quick = QUICK_UPDATES[key];
      if (quick && statusConfirms(payload)) {
        settings.updateListed(quick.list, devIdOf(request), pathInteger(request, quick.idParam), body);
      }
      if (key !== COMMAND) return;
      const result = JSON.parse(payload.toString('utf8')) as { Err?: number };
      if (result.Err === 0) simulator.handleCommand(body as unknown as PanelCommand);
    },
  };
};
