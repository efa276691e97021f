/**
 * The list of spec gaps: every place of the contract marked `x-spec-gap: true`, with the sentence that says
 * what the contract chose; then the calls the console proposes (`x-proposed: true`) and every place changed on
 * purpose for security (`x-security-change: <reason>`). `npm run gen` writes it into openapi/README.md between the
 * gap markers, with the access table (access-table.ts) between its own, so neither can fall behind the contract
 * (and `npm run gen:check` fails when one does).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { withAccessSection } from './access-table.ts';
import { withSessionSection } from './session-rules.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface SpecGap {
  where: string;
  description: string;
}

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** One line of the first sentence(s) of a description, for the table. */
const summarise = (text: unknown): string =>
  typeof text === 'string' ? text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim() : '(no description)';

/** What a node marked by the walk says: the gap's description, or the reason given as the mark's value. */
type Mark = (node: { [key: string]: Json }) => string | undefined;

const specGapMark: Mark = (node) => (node['x-spec-gap'] === true ? summarise(node.description) : undefined);
const securityChangeMark: Mark = (node) =>
  typeof node['x-security-change'] === 'string' ? summarise(node['x-security-change']) : undefined;

const walk = (node: Json, where: string, gaps: SpecGap[], mark: Mark = specGapMark): void => {
  if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}[${i}]`, gaps, mark));
  if (!isObject(node)) return;
  const description = mark(node);
  if (description !== undefined) gaps.push({ where, description });
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'example') continue;
    walk(value, key === 'properties' ? where : `${where}${key.startsWith('/') ? ` ${key}` : `.${key}`}`, gaps, mark);
  }
};

/** `POST /x`.requestBody.content.application/json.schema.allOf[1] -> `POST /x` request body */
const readable = (where: string): string =>
  where
    .replace(/\.content\.[^.]+\/[^.]+?\.schema/g, '')
    .replace(/\.requestBody/g, ' request body')
    .replace(/\.responses\.(\w+)/g, ' response $1')
    .replace(/\.(allOf|oneOf|anyOf)\[\d+\]/g, '')
    .replace(/\.items/g, '[]');

/** Every place of the bundled contract the mark finds: operations first (by path), then schemas, then parameters. */
function collectMarks(contract: { [key: string]: Json }, mark: Mark): SpecGap[] {
  const gaps: SpecGap[] = [];
  const paths = isObject(contract.paths) ? contract.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const own = mark(item);
    if (own !== undefined) gaps.push({ where: `\`${path}\``, description: own });
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const label = `\`${method.toUpperCase()} ${path}\``;
      const found: SpecGap[] = [];
      walk(operation, label, found, mark);
      gaps.push(...found.map((gap) => ({ ...gap, where: readable(gap.where) })));
    }
  }
  const components = isObject(contract.components) ? contract.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    const found: SpecGap[] = [];
    walk(schema, `\`${name}\``, found, mark);
    gaps.push(...found.map((gap) => ({ ...gap, where: readable(gap.where) })));
  }
  // The shared parameters (headers every call sends).
  const parameters = isObject(components.parameters) ? components.parameters : {};
  for (const [name, parameter] of Object.entries(parameters)) {
    const own = isObject(parameter) ? mark(parameter) : undefined;
    if (own !== undefined) gaps.push({ where: `parameter \`${name}\``, description: own });
  }
  return gaps;
}

/** Every gap of the bundled contract: operations first (by path), then schemas. */
export const collectSpecGaps = (contract: { [key: string]: Json }): SpecGap[] => collectMarks(contract, specGapMark);

/** Every place changed on purpose for security, with its reason. */
export const collectSecurityChanges = (contract: { [key: string]: Json }): SpecGap[] =>
  collectMarks(contract, securityChangeMark);

/**
 * The operations the console proposes to the backend (`x-proposed: true`), with their description, then the shared
 * parameters it proposes (`components.parameters`, marked the same way) with the operations that take them.
 */
export function collectProposals(contract: { [key: string]: Json }): SpecGap[] {
  return [...proposedOperations(contract), ...proposedParameters(contract)];
}

/** The operationIds of the operations that take the shared parameter `key` (on their path item or themselves). */
export function operationsTaking(contract: { [key: string]: Json }, key: string): string[] {
  const ref = `#/components/parameters/${key}`;
  const takes = (list: Json | undefined) => Array.isArray(list) && list.some((p) => isObject(p) && p.$ref === ref);
  const paths = isObject(contract.paths) ? contract.paths : {};
  return Object.values(paths).flatMap((item) =>
    METHODS.flatMap((method) => {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(item) || !isObject(operation)) return [];
      return takes(item.parameters) || takes(operation.parameters) ? [String(operation.operationId)] : [];
    }),
  );
}

function proposedParameters(contract: { [key: string]: Json }): SpecGap[] {
  const components = isObject(contract.components) ? contract.components : {};
  const parameters = isObject(components.parameters) ? components.parameters : {};
  return Object.entries(parameters).flatMap(([key, parameter]) => {
    if (!isObject(parameter) || parameter['x-proposed'] !== true) return [];
    return [
      {
        where: `${String(parameter.in)} parameter \`${String(parameter.name)}\` (${operationsTaking(contract, key).length} calls)`,
        description: summarise(parameter.description),
      },
    ];
  });
}

function proposedOperations(contract: { [key: string]: Json }): SpecGap[] {
  const paths = isObject(contract.paths) ? contract.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation) || operation['x-proposed'] !== true) return [];
      return [
        {
          where: `\`${method.toUpperCase()} ${path}\` (\`${String(operation.operationId)}\`)`,
          description: summarise(operation.description),
        },
      ];
    }),
  );
}

export const GAPS_START = '<!-- spec-gaps:start (written by npm run gen) -->\n\n<!-- prettier-ignore-start -->';
export const GAPS_END = '<!-- prettier-ignore-end -->\n\n<!-- spec-gaps:end -->';

const rowsOf = (gaps: SpecGap[]): string[] => gaps.map((gap) => `| ${gap.where} | ${gap.description} |`);

export function renderGapTable(contract: { [key: string]: Json }): string {
  const gaps = collectSpecGaps(contract);
  const proposals = collectProposals(contract);
  const changes = collectSecurityChanges(contract);
  return [
    `${gaps.length} places of the contract fill a gap of the specification.`,
    '',
    '| Where | What the contract chose |',
    '|---|---|',
    ...rowsOf(gaps),
    '',
    '### Proposed calls',
    '',
    `${proposals.length} calls and parameters the specification does not name are proposed to the backend (\`x-proposed: true\`); the mock serves them.`,
    '',
    '| Call or parameter | What it does |',
    '|---|---|',
    ...rowsOf(proposals),
    '',
    '### Changed for security',
    '',
    `${changes.length} places depart from the specification on purpose, for security (\`x-security-change\`).`,
    '',
    '| Where | Why |',
    '|---|---|',
    ...rowsOf(changes),
  ].join('\n');
}

/** Rewrites the gap section of a README text. */
export function withGapSection(readme: string, contract: { [key: string]: Json }): string {
  const start = readme.indexOf(GAPS_START);
  const end = readme.indexOf(GAPS_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`openapi/README.md must contain the markers ${GAPS_START} and ${GAPS_END}`);
  }
  return `${readme.slice(0, start + GAPS_START.length)}\n\n${renderGapTable(contract)}\n\n${readme.slice(end)}`;
}

/** The README with every generated section (the gap list, the access table) written from the contract. */
export const withGeneratedSections = (readme: string, contract: { [key: string]: Json }): string =>
  withSessionSection(withAccessSection(withGapSection(readme, contract), contract), contract);

export function updateReadmeGaps(readmeFile: string, contract: { [key: string]: Json }): number {
  const current = readFileSync(readmeFile, 'utf8');
  const next = withGeneratedSections(current, contract);
  if (next !== current) writeFileSync(readmeFile, next);
  return collectSpecGaps(contract).length;
}
