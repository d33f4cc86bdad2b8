// The postal address of a creditor or a party (street, zip, city): the form's section 'Adress',
// its values and the one-line form the record pages show.
import { Grid } from '@radix-ui/themes';
import { FormField } from '../../components/form/form-field';
import { FormSection } from '../../components/form/form-section';
import { trimmedParts } from '../../lib/form-values';
import type { Form } from '../../lib/use-form';

export interface Address {
  street?: string | null;
  zip?: string | null;
  city?: string | null;
}

export interface AddressValues {
  street: string;
  zip: string;
  city: string;
}

export const addressValuesOf = (address: Address | null | undefined): AddressValues => ({
  street: address?.street ?? '',
  zip: address?.zip ?? '',
  city: address?.city ?? '',
});

/** The parts filled in (empty parts left out, as the API stores them). */
export const addressOf = (values: AddressValues) => trimmedParts({ street: values.street, zip: values.zip, city: values.city });

/** Where the API's refusals of the address show. */
export const ADDRESS_SERVER_FIELDS = { 'address_json.street': 'street', 'address_json.zip': 'zip', 'address_json.city': 'city' } as const;

/** 'Ringvägen 5, 702 10 Örebro'. */
export function addressLine(address: Address | null | undefined): string {
  const { street, zip, city } = address ?? {};
  return [street, [zip, city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export function AddressFields<V extends AddressValues>({ form }: { form: Form<V> }) {
  // The address keys are text fields of any form whose values include AddressValues.
  const text = (field: keyof AddressValues) => form.text(field as Parameters<Form<V>['text']>[0]);
  return (
    <FormSection title="Adress">
      <FormField label="Gata" {...text('street')} autoComplete="off" />
      <Grid columns="1fr 2fr" gap="3">
        <FormField label="Postnummer" {...text('zip')} placeholder="123 45" />
        <FormField label="Ort" {...text('city')} />
      </Grid>
    </FormSection>
  );
}
