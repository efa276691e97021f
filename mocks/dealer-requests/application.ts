/**
 * A dealership application (`POST /dealer-requests`, multipart) as the mock reads it, and who may apply: its
 * registered e-mail or phone must belong to an account of the contract's user list or an applicant of the contract's
 * example requests; a dealer code an account of the examples has is taken.
 */
import type { DealerRequest } from '@generated/api/types.gen.ts';
import type { AreaRequest } from '../area.ts';
import type { Contract } from '../contract.ts';

/** The application as the multipart form sent it. */
export interface Application {
  fields: Record<string, string>;
  files: Record<string, { name: string; type: string; data: Buffer }>;
}

interface Account {
  email: string;
  Phonenumber: string;
  Dealercode?: string;
}

const exampleValue = (contract: Contract, method: 'get' | 'post', path: string, name: string): unknown => {
  const operation = contract.operations.find((op) => op.method === method && op.path === path);
  return operation && contract.responseExamples(operation).get(name)?.example.value;
};

/** The contract's example requests (the list's `all`). */
export const exampleRequests = (contract: Contract): DealerRequest[] => {
  const value = exampleValue(contract, 'get', '/dealer-requests', 'all') as { data?: DealerRequest[] } | undefined;
  return value?.data ?? [];
};

/** The accounts of the contract's user list (whose e-mail or phone an application may give). */
const exampleAccounts = (contract: Contract): Account[] => {
  const value = exampleValue(contract, 'get', '/user/getuserlist', 'default') as { data?: Account[] } | undefined;
  return value?.data ?? [];
};

export async function parseApplication(request: AreaRequest): Promise<Application | undefined> {
  if (!request.contentType.toLowerCase().startsWith('multipart/form-data')) return undefined;
  try {
    const form = await new Response(new Uint8Array(request.raw), {
      headers: { 'content-type': request.contentType },
    }).formData();
    const application: Application = { fields: {}, files: {} };
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') application.fields[name] = value;
      else if (value.size > 0) {
        application.files[name] = {
          name: value.name,
          type: value.type,
          data: Buffer.from(await value.arrayBuffer()),
        };
      }
    }
    return application;
  } catch {
    return undefined;
  }
}

/** Who may apply, and the dealer codes the examples' accounts hold. */
export function applicants(contract: Contract) {
  /** The account (or example applicant) an application's registered e-mail or phone belongs to. */
  const contactOf = (info: string): { email: string; phone: string } | undefined => {
    const given = info.trim().toLocaleLowerCase('tr');
    const digits = given.replace(/\D/g, '');
    const people = [
      ...exampleAccounts(contract).map((account) => ({ email: account.email, phone: account.Phonenumber })),
      ...exampleRequests(contract).map(({ email, phone }) => ({ email, phone })),
    ];
    return people.find(
      (person) => person.email.toLocaleLowerCase('tr') === given || (digits.length >= 10 && person.phone === digits),
    );
  };
  const accountCodes = () => exampleAccounts(contract).flatMap((account) => account.Dealercode || []);
  return { contactOf, accountCodes };
}
