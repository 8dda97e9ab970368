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
  // without their nonce (an injected tag is exactly what it exists to stop).
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations.map((v) => ({
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
