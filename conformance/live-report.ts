/** How the live check's results read: details cut to a readable length, and the terminal summary of a run. */
import type { LiveReport, LiveStats } from './live-options.ts';

/** A failure list longer than this is cut in the details (with the count of the rest). */
const DETAILS_LIMIT = 20;
/** Characters of a payload shown in a detail. */
const PAYLOAD_SHOWN = 300;

export const cutPayload = (text: string): string =>
  text.length > PAYLOAD_SHOWN ? `${text.slice(0, PAYLOAD_SHOWN)}… (${text.length} characters)` : text;

export const limited = (lines: string[]): string[] =>
  lines.length > DETAILS_LIMIT
    ? [...lines.slice(0, DETAILS_LIMIT), `… and ${lines.length - DETAILS_LIMIT} more`]
    : lines;

/** The run's figures in one line (the first detail of every payload check, and the summary's second line). */
export const figuresLine = (stats: LiveStats): string =>
  `${stats.messages} messages in ${stats.seconds} s (${stats.messagesPerSecond}/s) on ${stats.subscribed} topics: ${stats.nonJson} not JSON, ${stats.invalid} invalid, ${stats.mismatched} with another panel's dev_id, ${stats.oversized} over ${stats.maxBytes} bytes (${stats.maxBytesSource})`;

export function formatLiveReport({ results, stats }: LiveReport): string {
  const failed = results.filter((result) => result.status === 'failed');
  const skipped = results.filter((result) => result.status === 'skipped');
  const figures = figuresLine(stats);
  const lines = [
    `Live feed of ${stats.broker} against asyncapi/asyncapi.yaml (${(stats.durationMs / 1000).toFixed(1)} s)`,
    `${stats.panels} panels${stats.listedBy ? ` (${stats.listedBy})` : ''} on ${stats.topicTemplate}; ${figuresLine(stats)}`,
    `${results.length} checks: ${results.length - failed.length - skipped.length} passed, ${failed.length} failed, ${skipped.length} skipped`,
    '',
  ];
  for (const result of results) {
    const mark = result.status === 'passed' ? 'ok  ' : result.status === 'failed' ? 'FAIL' : 'skip';
    lines.push(`  ${mark} ${result.name}${result.message ? `: ${result.message}` : ''}`);
    if (result.status === 'failed') {
      // The figures are on the second line already.
      for (const detail of result.details ?? []) if (detail !== figures) lines.push(`         - ${detail}`);
      if (result.exchange) {
        const { request, response } = result.exchange;
        lines.push(`         request: ${request.method} ${request.url}`);
        if (response) lines.push(`         answer: ${response.status} ${cutPayload(response.body)}`);
      }
    }
  }
  lines.push('', failed.length ? 'Result: NOT conforming.' : 'Result: conforming.');
  return lines.join('\n');
}
