// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Shapes every flow shares: money, addresses, line parts, and the lines a request adds. */

/** A money amount: decimal strings in major units, plus their formatted forms. */
export interface Money {
  amount: string;
  convertedAmount: string;
  formattedAmount: string;
  formattedConvertedAmount: string;
}

/** A postal address. */
export interface Address {
  country?: string;
  subdivision?: string;
  county?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: {
    name?: string;
    number?: string;
    apt?: string;
  };
  geocode?: {
    latitude?: number;
    longitude?: number;
  };
  formattedAddress?: string;
}

/** An address with the contact details of a person. */
export interface AddressWithContact {
  address?: Address;
  contactDetails?: {
    firstName?: string;
    lastName?: string;
    phone?: string;
    company?: string;
    vatId?: {
      id: string;
      type: string;
    };
  };
}

/** An image of a line item. */
export interface Image {
  url: string;
  width?: number;
  height?: number;
  altText?: string;
}

/** A line describing a chosen option (plain text or a colour). */
export interface DescriptionLine {
  name: {
    original: string;
    translated: string;
  };
  lineType: 'PLAIN_TEXT' | 'COLOR';
  plainText?: {
    original: string;
    translated: string;
  };
  colorInfo?: {
    original: string;
    translated: string;
    code: string;
  };
}

/** The subscription plan a line is bought on. */
export interface SubscriptionOptionInfo {
  subscriptionSettings: {
    frequency: string;
    interval: number;
    autoRenewal: boolean;
    billingCycles?: number;
    startDate?: Date;
  };
  title: {
    original: string;
    translated: string;
  };
  description?: {
    original: string;
    translated: string;
  };
}

/** A problem that blocks or warns about a checkout. */
export interface Violation {
  severity: 'WARNING' | 'ERROR';
  target: {
    lineItem?: {
      name: string;
      id: string;
    };
    other?: {
      name: string;
    };
  };
  description: string;
  /** Stable reason, e.g. LINE_ITEM_NOT_AVAILABLE (ours; not in the protocol) */
  code: string;
  suggestedFix?: 'REMOVE_LINE_ITEM';
}

/** A postal address in a request. */
export interface AddressInput {
  /** ISO 3166-1 alpha-2 */
  country?: string;
  subdivision?: string;
  county?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: {
    name?: string;
    number?: string;
    apt?: string;
  };
  geocode?: {
    latitude?: number;
    longitude?: number;
  };
  formattedAddress?: string;
}

/** Contact details in a request. */
export interface ContactDetailsInput {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  vatId?: {
    id: string;
    type?: 'UNSPECIFIED' | 'CPF' | 'CNPJ';
  };
}

/** An address with contact details in a request. */
export interface AddressWithContactInput {
  address?: AddressInput;
  contactDetails?: ContactDetailsInput;
}

/** What a line buys: a product, with `options.variantId` or `options.options`. */
export interface CatalogReference {
  appId?: string;
  catalogItemId: string;
  options?: {
    variantId?: string;
    options?: Record<string, string>;
    customTextFields?: Record<string, string>;
    subscriptionOptionId?: string;
    subscriptionStartDate?: string;
    type?: string;
    planOptions?: {
      pricingVariantId?: string;
    };
  };
}

/** A catalog line to add. */
export interface LineItemInput {
  catalogReference: CatalogReference;
  quantity?: number;
  serviceProperties?: {
    scheduledDate?: Date | string;
    numberOfParticipants?: number;
  };
  catalogOverrideFields?: {
    productName?: {
      original: string;
    };
    price?: string | number;
    fullPrice?: string | number;
    descriptionLines?: {
      name?: {
        original?: string;
      };
      lineType?: 'PLAIN_TEXT' | 'COLOR';
      plainText?: {
        original?: string;
      };
      colorInfo?: {
        original?: string;
        code?: string;
      };
    }[];
    physicalProperties?: {
      weight?: number;
    };
    image?:
      | string
      | {
          id?: string;
          url?: string;
          width?: number;
          height?: number;
          altText?: string;
          filename?: string;
        };
    paymentOption?: {
      value?: 'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE';
    };
    depositAmount?: string | number;
  };
}

/** A custom line (merchant keys only). */
export interface CustomLineItemInput {
  id?: string;
  quantity?: number;
  price: string | number;
  fullPrice?: string | number;
  productName: {
    original: string;
  };
  itemType?: {
    preset?: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
  };
  physicalProperties?: {
    weight?: number;
    sku?: string;
  };
  media?:
    | string
    | {
        id?: string;
        url?: string;
        width?: number;
        height?: number;
        altText?: string;
        filename?: string;
      };
  url?: {
    relativePath?: string;
    url?: string;
  };
  descriptionLines?: {
    name?: {
      original?: string;
    };
    lineType?: 'PLAIN_TEXT' | 'COLOR';
    plainText?: {
      original?: string;
    };
    colorInfo?: {
      original?: string;
      code?: string;
    };
  }[];
  quantityAvailable?: number;
  paymentOption?: 'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE';
  catalogReference?: {
    appId?: string;
    catalogItemId: string;
    options?: Record<string, unknown>;
  };
}

/** A new quantity for a line. */
export interface LineItemQuantity {
  id: string;
  quantity: number;
}
