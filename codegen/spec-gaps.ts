/**
 * The list of spec gaps: every place of the contract marked `x-spec-gap: true`, with the sentence that says
 * what the contract chose. `npm run gen` writes it into openapi/README.md between the gap markers, so the
 * list can never fall behind the contract (and `npm run gen:check` fails when it does).
 */
import { readFileSync, writeFileSync } from 'node:fs';

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

const walk = (node: Json, where: string, gaps: SpecGap[]): void => {
  if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}[${i}]`, gaps));
  if (!isObject(node)) return;
  if (node['x-spec-gap'] === true) gaps.push({ where, description: summarise(node.description) });
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'example') continue;
    walk(value, key === 'properties' ? where : `${where}${key.startsWith('/') ? ` ${key}` : `.${key}`}`, gaps);
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

/** Every gap of the bundled contract: operations first (by path), then schemas. */
export function collectSpecGaps(contract: { [key: string]: Json }): SpecGap[] {
  const gaps: SpecGap[] = [];
  const paths = isObject(contract.paths) ? contract.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    if (item['x-spec-gap'] === true) gaps.push({ where: `\`${path}\``, description: summarise(item.description) });
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const label = `\`${method.toUpperCase()} ${path}\``;
      const found: SpecGap[] = [];
      walk(operation, label, found);
      gaps.push(...found.map((gap) => ({ ...gap, where: readable(gap.where) })));
    }
  }
  const components = isObject(contract.components) ? contract.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    const found: SpecGap[] = [];
    walk(schema, `\`${name}\``, found);
    gaps.push(...found.map((gap) => ({ ...gap, where: readable(gap.where) })));
  }
  return gaps;
}

export const GAPS_START = '<!-- spec-gaps:start (written by npm run gen) -->\n\n<!-- prettier-ignore-start -->';
export const GAPS_END = '<!-- prettier-ignore-end -->\n\n<!-- spec-gaps:end -->';

export function renderGapTable(gaps: SpecGap[]): string {
  const rows = gaps.map((gap) => `| ${gap.where} | ${gap.description} |`);
  return [
    `${gaps.length} places of the contract fill a gap of the specification.`,
    '',
    '| Where | What the contract chose |',
    '|---|---|',
    ...rows,
  ].join('\n');
}

/** Rewrites the gap section of a README text. */
export function withGapSection(readme: string, gaps: SpecGap[]): string {
  const start = readme.indexOf(GAPS_START);
  const end = readme.indexOf(GAPS_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`openapi/README.md must contain the markers ${GAPS_START} and ${GAPS_END}`);
  }
  return `${readme.slice(0, start + GAPS_START.length)}\n\n${renderGapTable(gaps)}\n\n${readme.slice(end)}`;
}

export function updateReadmeGaps(readmeFile: string, contract: { [key: string]: Json }): number {
  const gaps = collectSpecGaps(contract);
  const current = readFileSync(readmeFile, 'utf8');
  const next = withGapSection(current, gaps);
  if (next !== current) writeFileSync(readmeFile, next);
  return gaps.length;
}
