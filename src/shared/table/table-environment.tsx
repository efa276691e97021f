/**
 * What a table needs from the console around it without importing it (shared/ does not import lib/): the text that
 * tells a person why a list could not be loaded. The console provides it once, from its one error module
 * (`describeFailure` of src/lib/api/feedback.ts); without a provider a table says only that the list could not be
 * loaded (the failure's toast, raised by the query cache, still says why).
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface TableEnvironment {
  /** The person-facing text of a failed call, or null when there is nothing to say (cancelled, session ended). */
  describeError?: (error: unknown) => string | null;
}

const TableEnvironmentContext = createContext<TableEnvironment>({});

export function TableEnvironmentProvider({ children, ...environment }: TableEnvironment & { children: ReactNode }) {
  return <TableEnvironmentContext value={environment}>{children}</TableEnvironmentContext>;
}

export const useTableEnvironment = (): TableEnvironment => useContext(TableEnvironmentContext);
