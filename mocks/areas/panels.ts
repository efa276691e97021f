/**
 * The panels of the mock: a panel's parts, zones, outputs, users and keypads answer that panel's example (`dev-<id>`,
 * else `empty`); a command answers `disconnected` for a disconnected panel and `panel-error` for a wrong panel
 * password, and a command the panel accepted goes to the panel simulator, so its effect arrives on the live feed.
 * The panel lists answer only the panels within the caller's reach (mocks/access.ts), and the paged list cuts the
 * page asked for out of the whole example.
 */
import type { MockAccess, MockClaims } from '../access.ts';
import { examplePickers, json, type AreaRequest, type MockArea } from '../area.ts';
import type { CommandSink, PanelCommand } from '../command-sink.ts';
import type { Contract } from '../contract.ts';

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
const devIdOf = ({ body, params }: AreaRequest): number => Number(body.dev_id ?? params.id ?? params.device_id);

/**
 * The page of `offset` and `limit` out of the example's panels, with `list_info` saying so (as a server pages its
 * list; "more panels" asks from the number already loaded). Without a valid limit the page runs to the end.
 */
export function pagePanels(payload: Buffer, offset: number, limit: number): Buffer {
  const page = JSON.parse(payload.toString('utf8')) as { data?: unknown[]; list_info?: Record<string, number> };
  if (!Array.isArray(page.data) || !Number.isSafeInteger(offset) || offset < 0) return payload;
  const all = page.data;
  const size = Number.isSafeInteger(limit) && limit > 0 ? limit : all.length;
  const data = all.slice(offset, offset + size);
  return json({ data, list_info: { total_count: all.length, limit: size, offset } });
}

/** A panel list holding only the panels the caller reaches. */
function narrowPanelList(access: MockAccess, claims: Record<string, unknown>, payload: Buffer): Buffer {
  const answer = JSON.parse(payload.toString('utf8')) as { data?: { dev_id?: unknown }[]; list_info?: object };
  if (!Array.isArray(answer.data) || typeof claims.UserType !== 'number') return payload;
  const data = answer.data.filter((row) => access.reachesPanel(claims as MockClaims, Number(row.dev_id)));
  const listInfo = answer.list_info && { ...answer.list_info, total_count: data.length };
  return json(listInfo ? { ...answer, data, list_info: listInfo } : { ...answer, data });
}

export const panelsArea = (contract: Contract, simulator: CommandSink, access: MockAccess): MockArea => {
  const examples = examplePickers(contract);
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
        case COMMAND:
          if (!simulator.isConnected(devId)) return pick('disconnected');
          if (!simulator.isPanelPassword(devId, String(request.body.password ?? ''))) return pick('panel-error');
          return pick('success');
        default:
          return undefined;
      }
    },

    answer(key, { claims }, payload) {
      return PANEL_LISTS.has(key) ? narrowPanelList(access, claims, payload) : payload;
    },

    reshape(key, { params, query }, payload) {
      if (key !== PANEL_PAGE) return payload;
      return pagePanels(payload, Number(params.offset), Number(query.get('limit') ?? NaN));
    },

    sent(key, { body }, payload) {
      if (key !== COMMAND) return;
      const result = JSON.parse(payload.toString('utf8')) as { Err?: number };
      if (result.Err === 0) simulator.handleCommand(body as unknown as PanelCommand);
    },
  };
};
