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
import type { MockAccess } from '../access.ts';
import { json, statusConfirms, type AreaRequest, type MockArea } from '../area.ts';
import type { Caller } from '../caller.ts';
import { pageFromPath, pageOf, type PageAsked } from '../db/paging.ts';
import { idValue, integerValue, pathInteger } from '../ids.ts';
import type { CommandSink, PanelCommand } from '../command-sink.ts';
import type { AddedPanel } from '../db/panel-owners.ts';
import type { Contract } from '../contract.ts';
import { defineArea, type OperationHandlers } from '../define-area.ts';
import { operationKeys, type OperationId } from '@generated/api/operations.ts';
import { QUICK_UPDATES, type SettingsStore } from '../db/settings-store.ts';
import { withPanelStates } from '../panel-states.ts';

/** The panel a request names (its body's `dev_id`, else the path's `id` or `device_id`). */
const devIdOf = ({ body, params }: { body: object; params: object }): number =>
  integerValue(
    (body as { dev_id?: unknown }).dev_id ??
      (params as { id?: string }).id ??
      (params as { device_id?: string }).device_id,
  ) ?? Number.NaN;

type Page = { data?: unknown[]; list_info?: Record<string, number> };

/** The page asked out of a list answer's rows (mocks/db/paging.ts); the answer as it was otherwise. */
function pagedPanels<A extends Page>(page: A, asked: PageAsked | undefined): A {
  return Array.isArray(page.data) && asked ? (pageOf(page.data, asked) as unknown as A) : page;
}

/**
 * The page asked out of the example's panels, with `list_info` saying so (as a server pages its list; "more panels"
 * asks from the number already loaded). Without a valid limit the page runs to the end.
 */
export function pagePanels(payload: Buffer, asked: PageAsked | undefined): Buffer {
  const page = JSON.parse(payload.toString('utf8')) as Page;
  const paged = pagedPanels(page, asked);
  return paged === page ? payload : json(paged);
}

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
function panelList<A extends { data?: unknown; list_info?: object }>(
  access: MockAccess,
  caller: Caller | undefined,
  answer: A,
  withAdded: boolean,
): A {
  if (!Array.isArray(answer.data) || !caller) return answer;
  const rows = answer.data as PanelRow[];
  const template = rows.find((row) => row.connected === false) ?? rows[0];
  const listed = new Set(rows.map((row) => idValue(row.dev_id)));
  const added =
    withAdded && template
      ? access.owners
          .added()
          .filter((panel) => !listed.has(panel.dev_id))
          .map((panel) => addedRow(template, panel))
      : [];
  const data = [...rows, ...added]
    .filter((row) => caller.reachesPanel(idValue(row.dev_id)))
    .map((row) => {
      const description = access.owners.descriptionOf(idValue(row.dev_id));
      return description === undefined ? row : { ...row, description };
    });
  const listInfo = answer.list_info && { ...answer.list_info, total_count: data.length };
  return listInfo ? { ...answer, data, list_info: listInfo } : { ...answer, data };
}

/** The quick update of a zone or an output an operation is, if it is one. */
const quickUpdateOf = (id: OperationId) => QUICK_UPDATES[operationKeys[id]];

export const panelsArea = (
  contract: Contract,
  simulator: CommandSink,
  access: MockAccess,
  settings: SettingsStore,
): MockArea => {
  /** The lists that show a panel's records (its programming and quick updates change them), by their GET operation. */
  const recordListPaths = new Map(settings.lists.map(({ path }) => [`get ${path}`, path]));
  /**
   * A zone's or an output's quick update names its record by the path: 400 when the body names another panel or
   * record, 404 when the record is no row of the panel's own list (another panel's record, or none), as for an id
   * that does not exist; undefined lets it go on.
   */
  const quickUpdateRefusal = (id: OperationId, { params, body }: AreaRequest) => {
    const quick = quickUpdateOf(id)!;
    const devId = idValue(params.device_id);
    const record = idValue(params[quick.idParam]);
    if (idValue(body.device_id) !== devId || idValue(body[quick.idParam]) !== record) return { code: '400' };
    return settings.listedRow(quick.list, devId, record) ? undefined : { code: '404' };
  };
  /** A panel's parts, zones, outputs, users and keypads answer that panel's example, else `empty`. */
  const panelExample: OperationHandlers<'getDevicePart'>['choose'] = (request, { pick }) =>
    pick(`dev-${devIdOf(request)}`, 'empty');
  const panelLists = (withAdded: boolean) => ({
    answer: <A extends { data?: unknown; list_info?: object }>(request: Pick<AreaRequest, 'caller'>, answer: A) =>
      panelList(access, request.caller, answer, withAdded),
  });

  return defineArea({
    contract,
    operations: {
      getDevicePart: { choose: panelExample },
      getPanelZones: { choose: panelExample },
      getPanelOutputs: { choose: panelExample },
      getPanelUsers: { choose: panelExample },
      getPanelKeypads: { choose: panelExample },
      // The panel lists answer only the panels within the caller's reach (before the paged list is cut); the paged
      // and the unpaged list show the panels added since the examples too.
      getUserDevices: {
        ...panelLists(true),
        // Prism answers the whole example, the area cuts the page asked for.
        reshape: ({ params, query }, answer) => pagedPanels(answer, pageFromPath(params.offset, query)),
      },
      getUserAllDevices: panelLists(true),
      searchDevices: panelLists(false),
      // A command answers `disconnected` for a disconnected panel and `panel-error` for a wrong panel password; one
      // the panel accepted goes to the panel simulator.
      controlPanel: {
        choose(request, { pick }) {
          const devId = devIdOf(request);
          if (!simulator.isConnected(devId)) return pick('disconnected');
          if (!simulator.isPanelPassword(devId, String(request.body.password ?? ''))) return pick('panel-error');
          return pick('success');
        },
        sent({ body }, answer) {
          if ((answer as { Err?: number }).Err === 0) simulator.handleCommand(body as unknown as PanelCommand);
        },
      },
    },
    // The record lists and the quick updates of a zone or an output, by the operations settings-store.ts names.
    everyOperation: {
      choose: (id, request) => (quickUpdateOf(id) ? quickUpdateRefusal(id, request) : undefined),
      answer(id, request, payload) {
        const list = recordListPaths.get(operationKeys[id]);
        if (!list) return payload;
        const answer = JSON.parse(payload.toString('utf8')) as { data?: unknown };
        if (!Array.isArray(answer.data)) return payload;
        const devId = devIdOf(request);
        const rows = settings.withUpdates(list, devId, answer.data);
        return json({ ...answer, data: withPanelStates(list, rows, simulator.listStates?.(devId)) });
      },
      sent(id, request, payload) {
        const quick = quickUpdateOf(id);
        if (quick && statusConfirms(payload)) {
          settings.updateListed(quick.list, devIdOf(request), pathInteger(request, quick.idParam), request.body);
        }
      },
    },
  });
};
