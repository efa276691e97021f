/**
 * generated/api/ after hey-api: its modules split by area, the status codes the console knows with their locale
 * keys (panel-status.ts), the re-authentication rules (reauth.ts) and every operation by operationId for the mock's
 * typed areas (operations.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ContractBundler } from './bundle.ts';
import { mappedOperations, mockOperationsModule } from './mock-operations.ts';
import { panelStatusModule, panelStatusTexts } from './panel-status.ts';
import { reauthModule } from './reauth-rules.ts';
import { splitGeneratedApi } from './split-modules.ts';

/** Splits hey-api's output in `apiDir` by area and writes the console's and the mock's modules beside it. */
export function writeApiModules(
  header: string,
  apiDir: string,
  contractDir: string,
  contract: Record<string, unknown>,
) {
  const operationTags = new Map<string, string>();
  for (const item of Object.values(contract.paths as Record<string, Record<string, unknown>>)) {
    for (const operation of Object.values(item)) {
      const { operationId, tags } = (operation ?? {}) as { operationId?: string; tags?: string[] };
      if (operationId && tags?.[0]) operationTags.set(operationId, tags[0]);
    }
  }
  const schemaAreas = new Map<string, string>();
  for (const entry of new ContractBundler(contractDir).components) {
    if (entry.kind !== 'schemas') continue;
    const relative = path.relative(contractDir, entry.file).split(path.sep);
    schemaAreas.set(
      entry.name,
      relative[0] === 'settings' ? 'settings' : path.basename(entry.file).replace(/\.\w+$/, ''),
    );
  }
  splitGeneratedApi(apiDir, { operationTags, schemaAreas });
  writeFileSync(path.join(apiDir, 'panel-status.ts'), panelStatusModule(header, panelStatusTexts(contract as never)));
  writeFileSync(path.join(apiDir, 'reauth.ts'), reauthModule(header, contract));
  // The operation map of the mock's typed areas; fails when hey-api named an operation's types otherwise.
  const types = readFileSync(path.join(apiDir, 'types.gen.ts'), 'utf8');
  const operations = mockOperationsModule(header, mappedOperations(contract, types));
  writeFileSync(path.join(apiDir, 'operations.ts'), operations);
}
