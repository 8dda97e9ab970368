import type { FieldViolation } from '@openshelf/sdk';

/*
 * The API reports a refused field as the protocol does: a rule (MIN_LENGTH, FORMAT, …), the rule's data
 * (threshold, format, allowed values) and a description written for developers ("must be at least 1
 * characters long"). People filling in a form get a sentence in their words instead, chosen here from the
 * rule and the field — one table for every form, not a message per form.
 */

/** What a field holds, for "Enter a name." — by the last part of its path (`product.name` → `name`). */
const NOUNS: Record<string, string> = {
  name: 'a name',
  code: 'a code',
  title: 'a title',
  description: 'a description',
  slug: 'a web address name',
  sku: 'a SKU',
  price: 'a price',
  amount: 'an amount',
  initialBalance: 'an amount',
  value: 'a value',
  percentage: 'a percentage',
  rate: 'a rate',
  email: 'an e-mail address',
  contactEmail: 'an e-mail address',
  recipientEmail: 'an e-mail address',
  url: 'a web address',
  country: 'a country code',
  subdivision: 'a state or province code',
  city: 'a city',
  postalCode: 'a postal code',
  addressLine: 'a street address',
  choices: 'the choices, separated by commas',
  file: 'a file',
  quantity: 'a quantity',
  storeName: 'the store name',
  trackingNumber: 'a tracking number',
  trackingLink: 'a tracking link',
  shippingProvider: 'a carrier',
  message: 'a note',
};

/** Who a service's own description speaks of ("is empty" → "This file is empty."). */
const SUBJECTS: Record<string, string> = {
  file: 'This file',
};

const FORMATS: Record<string, string> = {
  email: 'Enter an e-mail address, like name@example.com.',
  uri: 'Enter a full web address, starting with https://.',
  url: 'Enter a full web address, starting with https://.',
  'date-time': 'Enter a date.',
  date: 'Enter a date.',
};

const TYPES: Record<string, string> = {
  number: 'Enter a number, like 12.50.',
  integer: 'Enter a whole number, like 3.',
  boolean: 'Tick or untick the box.',
  string: 'Enter text here.',
  array: 'Enter one or more values.',
};

/** The last named part of an API field path: `productOptions[0].choices[2]` → `choices`. */
function leafOf(field: string): string {
  const parts = field.replace(/\[\d+\]/g, '').split('.');
  return parts[parts.length - 1] ?? field;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** "Use at least 3 characters." — a number of things, in the singular when there is one. */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A merchant- or shopper-facing sentence for one refused field. Rules the schema reports get their
 * sentence from this table; a description that a service wrote for people (e.g. "is not a readable image;
 * upload a JPEG, PNG, WebP, AVIF or GIF file") is kept, as a sentence.
 */
export function violationMessage(violation: FieldViolation): string {
  const data = violation.data ?? {};
  const threshold = numberOf(data.threshold);
  const noun = NOUNS[leafOf(violation.field)];
  const enter = noun ? `Enter ${noun}.` : 'Fill in this field.';
  const strict = /\b(greater|less) than\b/.test(violation.description);
  switch (violation.violatedRule) {
    case 'REQUIRED_FIELD':
      return noun === 'a file' ? 'Choose a file.' : enter;
    case 'MIN_LENGTH':
      if (threshold === undefined) break;
      return threshold <= 1 ? enter : `Use at least ${count(threshold, 'character', 'characters')}.`;
    case 'MAX_LENGTH':
      if (threshold === undefined) break;
      return `Use at most ${count(threshold, 'character', 'characters')}; shorten it.`;
    case 'MIN':
    case 'DECIMAL_GTE':
    case 'DECIMAL_GT':
      if (threshold === undefined) break;
      return strict || violation.violatedRule === 'DECIMAL_GT'
        ? `Enter a number greater than ${threshold}.`
        : `Enter ${threshold} or more.`;
    case 'MAX':
    case 'DECIMAL_LTE':
    case 'DECIMAL_LT':
      if (threshold === undefined) break;
      return strict || violation.violatedRule === 'DECIMAL_LT'
        ? `Enter a number less than ${threshold}.`
        : `Enter ${threshold} or less.`;
    case 'MIN_SIZE':
      if (threshold === undefined) break;
      return threshold <= 1 ? enter : `Add at least ${threshold}.`;
    case 'MAX_SIZE':
      if (threshold === undefined) break;
      return `Use at most ${threshold}; remove some.`;
    case 'FORMAT': {
      const format = typeof data.format === 'string' ? FORMATS[data.format] : undefined;
      if (format) return format;
      if (data.pattern !== undefined) return 'This is not in the expected form; check what you typed.';
      break;
    }
    case 'INVALID_ENUM_VALUE': {
      const allowed = Array.isArray(data.allowedValues) ? data.allowedValues.map(String) : undefined;
      if (allowed && allowed.length > 0 && allowed.length <= 8)
        return `Choose one of: ${allowed.join(', ')}.`;
      if (allowed) return 'Choose one of the offered values.';
      break;
    }
    case 'VALIDATION': {
      const type = Array.isArray(data.type) ? data.type[0] : data.type;
      if (typeof type === 'string' && TYPES[type]) return TYPES[type];
      // The wire's refusal of a value that is no number ('must be a number, not "NaN"') is jargon to a person.
      if (/^must be a whole number\b/.test(violation.description)) return TYPES.integer as string;
      if (/^must be a number\b/.test(violation.description)) return TYPES.number as string;
      break;
    }
    case 'DECIMAL_MAX_SCALE':
      return 'Use fewer decimals, like 12.50.';
    case 'FIELD_NOT_ALLOWED':
      return 'This cannot be changed here.';
  }
  const subject = SUBJECTS[leafOf(violation.field)];
  if (subject && /^(is|has|must|was|cannot) /.test(violation.description))
    return sentence(`${subject} ${violation.description}`);
  return sentence(violation.description || 'Check this value.');
}

/** "must not be more than the price" → "Must not be more than the price." */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
