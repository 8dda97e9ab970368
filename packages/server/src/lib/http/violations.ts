import { type FieldViolation, ValidationFailed } from './errors.js';

/**
 * The one way to collect the field problems of a request: every rule adds what it finds, and the request
 * is refused once with all of them (a 400 naming each field and rule), never one problem per round trip.
 */
export class Violations {
  readonly list: FieldViolation[] = [];

  add(
    field: string,
    violatedRule: FieldViolation['violatedRule'],
    description: string,
    data?: Record<string, unknown>,
  ): void {
    this.list.push({ field, violatedRule, description, ...(data ? { data } : {}) });
  }

  push(...violations: FieldViolation[]): void {
    this.list.push(...violations);
  }

  get any(): boolean {
    return this.list.length > 0;
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new ValidationFailed(this.list);
  }
}
