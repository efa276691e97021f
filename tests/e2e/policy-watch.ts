/**
 * Records every Content-Security-Policy violation of a page (reported as DOM events) and every console line about
 * the policy, for the checks that open pages under the built console's policy (csp.spec.ts, the every-route walk of
 * appearance.spec.ts).
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

export interface PolicyWatch {
  seen(): Promise<string[]>;
  clear(): Promise<void>;
}

export async function watchPolicy(page: Page): Promise<PolicyWatch> {
  const consoleLines: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) consoleLines.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations!.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return {
    seen: async () => [...consoleLines, ...(await page.evaluate(() => window.cspViolations ?? []))],
    clear: async () => {
      consoleLines.length = 0;
      await page.evaluate(() => (window.cspViolations = []));
    },
  };
}
