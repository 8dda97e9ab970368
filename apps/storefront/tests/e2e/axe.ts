import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core inside the page: its serious and critical violations (every rule axe runs by default: WCAG 2 A
 * and AA, and best practices), one readable line each — `rule (impact): help — where`.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Colours are measured as they will stay: a drawer still fading in (opacity < 1) fails contrast checks
  // it passes a moment later, so finite animations are let finish first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated by the DevTools protocol, not added as a <script>: the pages' CSP refuses inline scripts
  // without their nonce (an injected tag is exactly what it exists to stop). A document checked before
  // (a page checked again after a click) keeps axe: its 640 KB are sent and compiled once per document,
  // which was 40% of a check.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
    type Axe = { run: (options: object) => Promise<{ violations: Violation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Every rule still runs; only violations are collected in full (axe keeps one node of each passing
    // or inapplicable rule instead of all of them, its documented way to make a run cheaper).
    return (await axe.run({ resultTypes: ['violations'] })).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 3),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
}
