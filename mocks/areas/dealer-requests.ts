/**
 * The dealership requests of the mock (spec 2 §2-§5, openapi/paths/dealers.yaml), kept like a server keeps them until
 * the mock's `areas/reset` control (mocks/dealer-requests/store.ts: the contract's four example requests first, then
 * what the console did); their files are served through signed links (mocks/dealer-requests/files.ts).
 *
 * - `POST /dealer-requests` (multipart): the form is parsed in `handle` (the answer hook is synchronous) and, once
 *   Prism has accepted it, added as a pending request with the next id. Its registered e-mail or phone must belong to
 *   an account of the contract's user list (or an applicant of the examples), else it answers `unknown-user`; without
 *   a tax plate file it answers `missing-tax-plate`. Each file is checked as the contract's `DealerApplication` says
 *   a server must (dealer-files.ts): a file that is not a JPEG or PNG by its first bytes answers 415
 *   (`tax-plate-not-image`, `logo-not-image`), one above the size limit 413 (`…-too-large`), whatever its name and
 *   declared type.
 * - `GET /dealer-requests`: the store, newest first, filtered by `state` and `search` (dealer name, requester,
 *   e-mail, phone, seller; case and Turkish marks ignored) and cut by `limit` (10) and `offset` (0).
 * - `POST /dealer-requests/{id}/approve` and `/reject`: 404 for an unknown request, `not-pending` once it was decided
 *   (approval cannot be undone), `code-in-use` for a dealer code some request or account already has (IST034).
 *   The approval names no link (Prism refuses a body with `logo_link`, the contract's security change): the dealer
 *   keeps the logo stored with the request, and the mock never fetches an address a client sent.
 */
import type { Contract } from '../contract.ts';
import type { AreaRequest, Choice, MockArea } from '../area.ts';
import { defineArea } from '../define-area.ts';
import { FILE_PARTS, fileRules, refuseFile, type FilePart } from '../dealer-files.ts';
import { pageAsked, pageOf } from '../db/paging.ts';
import { pathInteger } from '../ids.ts';
import { applicants, exampleRequests, parseApplication, type Application } from '../dealer-requests/application.ts';
import { DealerFiles } from '../dealer-requests/files.ts';
import { DealerRequestStore, sameCode } from '../dealer-requests/store.ts';

export const dealerRequestsArea = (contract: Contract): MockArea => {
  const store = new DealerRequestStore(() => exampleRequests(contract));
  const rules = fileRules(contract);
  const applications = new WeakMap<AreaRequest, Application>();
  const files = new DealerFiles();
  const fileLink = files.linkFor;
  const { contactOf, accountCodes } = applicants(contract);
  /** A decision on a request: 404 for an unknown one, `not-pending` once it was decided. */
  const decidable = (request: { params: { id: string } }): Choice | undefined => {
    const found = store.get(pathInteger(request, 'id'));
    if (!found) return { code: '404' };
    return found.row.state !== 0 ? { example: 'not-pending', code: '400' } : undefined;
  };

  return defineArea({
    contract,
    async handle(method, pathname, request, res) {
      files.noteOrigin(request, res);
      if (files.serve(method, pathname, request, res, (name) => store.file(name))) return true;
      if (method === 'POST' && /\/dealer-requests\/?$/.test(pathname)) {
        const application = await parseApplication(request);
        if (application) applications.set(request, application);
      }
      return false;
    },

    operations: {
      getDealerRequests: {
        choose: () => ({ example: 'all', code: '200' }),
        answer(request) {
          return pageOf(store.list(fileLink(request), request.query), pageAsked(request.query));
        },
      },
      createDealerRequest: {
        choose(request) {
          const application = applications.get(request);
          if (!application?.files.tax_plate) return { example: 'missing-tax-plate', code: '400' };
          for (const part of Object.keys(FILE_PARTS) as FilePart[]) {
            const file = application.files[part];
            const refusal = file && refuseFile(part, file.data, rules[part]);
            if (refusal) return refusal;
          }
          if (!contactOf(application.fields.info ?? '')) return { example: 'unknown-user', code: '400' };
          return { example: 'received', code: '201' };
        },
        answer(request, answer) {
          const application = applications.get(request);
          const contact = application && contactOf(application.fields.info ?? '');
          if (!application?.files.tax_plate || !contact) return answer;
          return { data: store.toRow(fileLink(request), store.add(application, contact)) };
        },
      },
      approveDealerRequest: {
        choose(request) {
          const refused = decidable(request);
          if (refused) return refused;
          const code = String(request.body.code ?? '');
          if (store.codeInUse(code) || accountCodes().some((used) => sameCode(used, code))) {
            return { example: 'code-in-use', code: '400' };
          }
          return { example: 'success', code: '200' };
        },
        answer(request, answer) {
          store.decide(pathInteger(request, 'id'), 1, { code: String(request.body.code ?? '') });
          return answer;
        },
      },
      rejectDealerRequest: {
        choose: (request) => decidable(request) ?? { example: 'success', code: '200' },
        answer(request, answer) {
          const reason = typeof request.body.reason === 'string' ? request.body.reason : undefined;
          store.decide(pathInteger(request, 'id'), 2, reason ? { reason } : {});
          return answer;
        },
      },
    },

    reset() {
      store.clear();
    },
  });
};
