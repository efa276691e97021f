/**
 * The panels' programming in the mock. `getPanelSettings` checks a panel password (command USER: `password-wrong`,
 * else the master's or the installer's answer; also while the panel is not connected, as the contract proposes a
 * server answer it from its known copy of the panel's users), reads the event log (EVENT) or reads a settings group (GET: the
 * record's own `group-<n>-…-record-<r>` example where the contract gives one, such as zone 7's, else the group's
 * `group-<n>-…` example). A settings write (one operation per group) is taken by a connected panel with its
 * panel password (`success`), else it answers the panel error.
 *
 * Once Prism has taken the request (2xx, so the body is valid against the contract) and answered the example chosen,
 * a settings write that a connected panel accepted with its panel password is remembered under its panel, group and
 * record (settings-store.ts); a settings read answers the record as written, else the group's example made the
 * record's (`SettingsStore.answerRead`). Failures store nothing: a read of a disconnected panel or with a wrong
 * password answers the read's `panel-error` (Err 5), a write with a wrong password the write's `panel-error` (Err 3,
 * refused), and a write to a disconnected panel the same Err 5 answer as a read (the write operations have no
 * example of it).
 *
 * A read the panel answered and a write it took (a form's or a template's) also make the server's known copy of the
 * record (`SettingsStore.know`): what the programming queue offers as the "before" of an offline panel's form.
 */
import { json, type Body, type MockArea } from '../area.ts';
import type { CommandSink } from '../command-sink.ts';
import type { Contract } from '../contract.ts';
import { defineArea, type OperationBody } from '../define-area.ts';
import { readExampleName, recordOf, settingsGroupOf, type SettingsStore } from '../db/settings-store.ts';
import { idValue } from '../ids.ts';

/** The master user's panel password of the example installation (openapi/EXAMPLES.md); `1234` is the installer's. */
const MASTER_PANEL_PASSWORD = '5678';

export const panelSettingsArea = (contract: Contract, simulator: CommandSink, settings: SettingsStore): MockArea => {
  const readExamples = [...contract.responseExamples(contract.byId('getPanelSettings')).keys()];
  /** The group each settings write (`x-settings-group`) saves, by the write's operation id. */
  const writes = new Map<string, number>(
    contract.operations.flatMap((op) => {
      const group = settingsGroupOf(op);
      return group === undefined ? [] : [[op.operationId, group] as const];
    }),
  );
  const accepts = (body: Body, password: unknown): boolean => {
    const devId = idValue(body.dev_id);
    return simulator.isConnected(devId) && simulator.isPanelPassword(devId, String(password ?? ''));
  };
  /** A settings read's answer with what the panel holds now, remembered as the panel's known copy. */
  const read = (body: OperationBody<'getPanelSettings'>, answer: Body): Body => {
    const answered = settings.answerRead(body, answer);
    const data = answered.data;
    if (typeof data === 'object' && data) {
      settings.know(idValue(body.dev_id), idValue(body.group), recordOf(body), data as Body);
    }
    return answered;
  };

  return defineArea({
    contract,
    operations: {
      // Settings reads (command GET), the password check (USER) and the event log (EVENT).
      getPanelSettings: {
        choose({ body }, { pick, pickPrefix }) {
          const command = String(body.command ?? 'GET');
          const password = String(body.user_pass ?? '');
          if (command === 'USER') {
            if (!simulator.isPanelPassword(idValue(body.dev_id), password)) return pick('password-wrong');
            // The example installation's master password opens the panel as user 1, the other one as the installer.
            return password === MASTER_PANEL_PASSWORD ? pick('password-check-master') : pick('password-check');
          }
          if (command === 'EVENT') return pick('event-log');
          // A settings read: a disconnected panel, or one that refuses the password, answers the panel error (Err 5).
          if (!accepts(body, password)) return pick('panel-error');
          const name = readExampleName(readExamples, idValue(body.group), recordOf(body));
          return name ? pick(name) : pickPrefix(`group-${idValue(body.group)}-`);
        },
        answer({ body }, answer) {
          if (String(body.command ?? 'GET') !== 'GET' || (answer as Body).Err !== 0) return answer;
          return read(body, answer as Body) as typeof answer;
        },
      },
    },
    // Every settings write: the panel's answer, and what it stores once the panel took it.
    everyOperation: {
      choose(id, { body }, { pick }) {
        if (!writes.has(id)) return undefined;
        return accepts(body, body.user_pass) ? pick('success') : pick('panel-error');
      },
      answer(id, { body }, payload) {
        const group = writes.get(id);
        if (group === undefined) return payload;
        if (!simulator.isConnected(idValue(body.dev_id))) return json(settings.notConnected());
        let answer: unknown;
        try {
          answer = JSON.parse(payload.toString('utf8'));
        } catch {
          return payload;
        }
        if (typeof answer !== 'object' || !answer || (answer as Body).Err !== 0) return payload;
        if (accepts(body, body.user_pass)) {
          const devId = idValue(body.dev_id);
          settings.write({ ...body, group });
          const record = recordOf({ ...body, group });
          const written = settings.current(devId, group, record);
          if (written) settings.know(devId, group, record, written);
        }
        return payload;
      },
    },
  });
};
