/** The report files both conformance commands write when asked: `--json`, `--junit`, `--html`. */
import { writeFileSync } from 'node:fs';
import { htmlReport } from './html-report.ts';
import { junitXml, type CaseReport } from './junit.ts';

export interface ReportFiles {
  json?: string;
  junit?: string;
  html?: string;
}

/** The `parseArgs` options of the report files. */
export const REPORT_FILE_OPTIONS = {
  json: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
} as const;

export const reportFilesOf = (values: ReportFiles): ReportFiles => ({
  ...(values.json ? { json: values.json } : {}),
  ...(values.junit ? { junit: values.junit } : {}),
  ...(values.html ? { html: values.html } : {}),
});

/** Writes the files asked for: the whole report as JSON, and every case as JUnit XML and HTML. */
export function writeReports(files: ReportFiles, report: unknown, cases: () => CaseReport): void {
  const write = (file: string | undefined, what: string, text: () => string) => {
    if (!file) return;
    writeFileSync(file, text());
    process.stderr.write(`${what} written to ${file}\n`);
  };
  write(files.json, 'Full report', () => `${JSON.stringify(report, null, 2)}\n`);
  write(files.junit, 'JUnit report', () => junitXml(cases()));
  write(files.html, 'HTML report', () => htmlReport(cases()));
}
