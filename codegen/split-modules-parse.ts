/**
 * Reads a generated module for codegen/split-modules.ts: its imports, its shared statements and its statements by
 * group (each with its leading JSDoc), and the imports a part of it needs.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export interface Parsed {
  imports: ts.ImportDeclaration[];
  /** Statements of no group (shared helpers), in order. */
  shared: ts.Statement[];
  /** Statements by group, in order; a statement's leading comment (its JSDoc) goes with it. */
  groups: Map<string, ts.Statement[]>;
  source: ts.SourceFile;
}

export const isExported = (statement: ts.Statement): boolean =>
  ts.canHaveModifiers(statement) &&
  (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

export const exportedName = (statement: ts.Statement): string | undefined => {
  if (!ts.isVariableStatement(statement) || !isExported(statement)) return undefined;
  const declaration = statement.declarationList.declarations[0];
  return declaration && ts.isIdentifier(declaration.name) ? declaration.name.text : undefined;
};

export function parse(file: string, groupOf: (name: string) => string | undefined): Parsed {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const parsed: Parsed = { imports: [], shared: [], groups: new Map(), source };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      parsed.imports.push(statement);
      continue;
    }
    const name = exportedName(statement);
    const group = name === undefined ? undefined : groupOf(name);
    if (group === undefined) {
      parsed.shared.push(statement);
      continue;
    }
    const list = parsed.groups.get(group) ?? [];
    list.push(statement);
    parsed.groups.set(group, list);
  }
  return parsed;
}

/** The statement's text with its leading comments (JSDoc). */
export const fullText = (statement: ts.Statement, source: ts.SourceFile): string =>
  source.text.slice(statement.getFullStart(), statement.getEnd()).replace(/^\s*\n/, '');

export const usedIn = (name: string, text: string): boolean => new RegExp(`\\b${name}\\b`).test(text);

/**
 * The import declarations a part needs: the original ones, cut to the names the part uses, with their relative paths
 * taken `levels` folders deeper.
 */
export function importsFor(
  imports: ts.ImportDeclaration[],
  source: ts.SourceFile,
  body: string,
  levels: number,
): string[] {
  const up = '../'.repeat(levels);
  const lines: string[] = [];
  for (const declaration of imports) {
    const from = (declaration.moduleSpecifier as ts.StringLiteral).text;
    const deeper = from.startsWith('./') ? `${up}${from.slice(2)}` : from.startsWith('../') ? `${up}${from}` : from;
    const clause = declaration.importClause;
    const bindings = clause?.namedBindings;
    if (!clause || !bindings || !ts.isNamedImports(bindings)) {
      lines.push(declaration.getText(source).replace(`'${from}'`, `'${deeper}'`));
      continue;
    }
    const kept = bindings.elements.filter((element) => usedIn(element.name.text, body));
    if (!kept.length) continue;
    const typeOnly = clause.isTypeOnly ? 'type ' : '';
    lines.push(`import ${typeOnly}{ ${kept.map((element) => element.getText(source)).join(', ')} } from '${deeper}';`);
  }
  return lines;
}
