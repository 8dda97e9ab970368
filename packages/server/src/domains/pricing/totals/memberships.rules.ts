import type { Totals, TotalsInput, TotalsLine, Violation } from './totals.types.js';

export interface MembershipOutcome {
  /** Line id → the membership paying for it. */
  paidBy: Map<string, string>;
  options: Totals['membershipOptions'];
}

/**
 * Which of the buyer's memberships can pay for which lines (eligible), which cannot and why (invalid),
 * and which the buyer chose. A chosen membership must be eligible for the line and have credits for its
 * quantity; otherwise the line is paid normally and the buyer is told.
 */
export function resolveMemberships(
  input: TotalsInput,
  lines: TotalsLine[],
  violations: Violation[],
): MembershipOutcome {
  const eligible: Totals['membershipOptions']['eligible'] = [];
  const invalid: Totals['membershipOptions']['invalid'] = [];
  for (const membership of input.memberships ?? []) {
    const lineItemIds = lines
      .filter((line) => line.productId !== undefined && membership.productIds.includes(line.productId))
      .map((line) => line.id);
    const base = {
      id: membership.id,
      name: membership.name,
      ...(membership.expirationDate ? { expirationDate: membership.expirationDate } : {}),
    };
    if (membership.expirationDate && membership.expirationDate <= input.now)
      invalid.push({ ...base, reason: 'EXPIRED' });
    else if (membership.remainingCredits !== undefined && membership.remainingCredits <= 0)
      invalid.push({ ...base, reason: 'NO_CREDITS_LEFT' });
    else if (lineItemIds.length > 0) eligible.push({ ...base, lineItemIds });
  }

  const paidBy = new Map<string, string>();
  const selected: Totals['membershipOptions']['selected'] = [];
  for (const choice of input.selectedMemberships ?? []) {
    const option = eligible.find((candidate) => candidate.id === choice.id);
    const membership = input.memberships?.find((candidate) => candidate.id === choice.id);
    const chosenLines = lines.filter((line) => choice.lineItemIds.includes(line.id) && !paidBy.has(line.id));
    const units = chosenLines.reduce((sum, line) => sum + line.quantity, 0);
    const fits =
      option &&
      chosenLines.length === choice.lineItemIds.length &&
      chosenLines.every((line) => option.lineItemIds.includes(line.id)) &&
      (membership?.remainingCredits === undefined || membership.remainingCredits >= units);
    if (!fits) {
      violations.push({
        severity: 'WARNING',
        code: 'MEMBERSHIP_NOT_APPLICABLE',
        description: `Membership ${membership?.name ?? choice.id} cannot pay for the chosen items; they are priced normally.`,
      });
      continue;
    }
    for (const line of chosenLines) paidBy.set(line.id, choice.id);
    selected.push({ id: choice.id, lineItemIds: chosenLines.map((line) => line.id) });
  }
  return { paidBy, options: { eligible, invalid, selected } };
}
