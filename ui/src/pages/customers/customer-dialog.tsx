// 'Ny kund' / 'Redigera kund' (spec part 1 §2 Creditors page, §5 Creditor form, §8 texts): a
// register search by org.nr that pre-fills the form, then company name (required), org.nr,
// customer number, the contact person and the postal address (the applicant's on a KFM application).
import { Flex, Grid } from '@radix-ui/themes';
import { useCreditorMutations, type Creditor, type CreditorContact, type CreditorPatch } from '../../api/creditors';
import type { LookupResult } from '../../api/lookup';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { FormSection } from '../../components/form/form-section';
import { useToast } from '../../components/toast';
import { changedText, trimmedOrNull, trimmedParts } from '../../lib/form-values';
import { useForm } from '../../lib/use-form';
import { AddressFields, ADDRESS_SERVER_FIELDS, addressOf, addressValuesOf, type AddressValues } from '../directory/address-fields';
import type { DirectoryDialogComponent } from '../directory/directory-definition';
import { RegisterLookup } from '../directory/register-lookup';

export const CustomerDialog: DirectoryDialogComponent<Creditor> = ({ open, record: creditor, onOpenChange }) => (
  <FormDialog
    open={open}
    onOpenChange={onOpenChange}
    title={creditor ? 'Redigera kund' : 'Ny kund'}
    description={creditor ? 'Ändra borgenärens uppgifter.' : 'Sök på organisationsnumret för att hämta företagsuppgifterna, eller fyll i dem själv.'}
  >
    <CustomerForm key={creditor?.id ?? 'new'} creditor={creditor} onDone={() => onOpenChange(false)} />
  </FormDialog>
);

interface CustomerValues extends AddressValues {
  name: string;
  org_no: string;
  customer_no: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
}

function valuesOf(creditor: Creditor | null): CustomerValues {
  const contact = creditor?.contact_json ?? {};
  return {
    name: creditor?.name ?? '',
    org_no: creditor?.org_no ?? '',
    customer_no: creditor?.customer_no ?? '',
    contact_name: contact.name ?? '',
    contact_email: contact.email ?? '',
    contact_phone: contact.phone ?? '',
    ...addressValuesOf(creditor?.address_json),
  };
}

const contactOf = (values: CustomerValues): CreditorContact =>
  trimmedParts({ name: values.contact_name, email: values.contact_email, phone: values.contact_phone });

/** Only what changed; a cleared optional field is sent as null, the contact and the address as a whole. */
function patchOf(before: CustomerValues, after: CustomerValues): CreditorPatch {
  const changed = changedText(before, after);
  return {
    ...(changed('name') ? { name: after.name.trim() } : {}),
    ...(changed('org_no') ? { org_no: trimmedOrNull(after.org_no) } : {}),
    ...(changed('customer_no') ? { customer_no: trimmedOrNull(after.customer_no) } : {}),
    ...(changed('contact_name', 'contact_email', 'contact_phone') ? { contact_json: contactOf(after) } : {}),
    ...(changed('street', 'zip', 'city') ? { address_json: addressOf(after) } : {}),
  };
}

/** Where the API's refusals of the contact and the address show. */
const SERVER_FIELDS = {
  'contact_json.name': 'contact_name',
  'contact_json.email': 'contact_email',
  'contact_json.phone': 'contact_phone',
  ...ADDRESS_SERVER_FIELDS,
} as const;

function CustomerForm({ creditor, onDone }: { creditor: Creditor | null; onDone(): void }) {
  const { create, update } = useCreditorMutations();
  const { toast } = useToast();
  const initial = valuesOf(creditor);
  const form = useForm(initial, {
    validate: (values) => (values.name.trim() ? {} : { name: 'Företagsnamn krävs' }),
    failure: creditor ? 'Fel vid uppdatering' : 'Fel vid skapande',
    serverFields: SERVER_FIELDS,
    async submit(values) {
      const name = values.name.trim();
      if (creditor) {
        const patch = patchOf(initial, values);
        if (Object.keys(patch).length > 0) await update(creditor.id, patch);
        toast({ title: 'Kund uppdaterad', description: name, variant: 'success' });
      } else {
        const contact = contactOf(values);
        const address = addressOf(values);
        await create({
          name,
          org_no: values.org_no.trim() || undefined,
          customer_no: values.customer_no.trim() || undefined,
          contact_json: Object.keys(contact).length > 0 ? contact : undefined,
          address_json: Object.keys(address).length > 0 ? address : undefined,
        });
        toast({ title: 'Kund skapad!', description: name, variant: 'success' });
      }
      onDone();
    },
  });

  const fillFromRegister = (result: LookupResult) =>
    form.set({
      name: result.name || form.values.name,
      org_no: result.organizationNumber ?? form.values.org_no,
      contact_email: result.email ?? form.values.contact_email,
      contact_phone: result.phone ?? form.values.contact_phone,
      street: result.address?.street ?? form.values.street,
      zip: result.address?.postalCode ?? form.values.zip,
      city: result.address?.city ?? form.values.city,
    });

  return (
    <Flex direction="column" gap="4">
      {creditor ? null : (
        <RegisterLookup
          label="Sök företag"
          placeholder="Org.nr, t.ex. 556036-0793"
          emptyMessage="Ange org.nr"
          kind="company"
          onPick={fillFromRegister}
          onManualEntry={(query) => form.set({ org_no: query })}
        />
      )}
      <form onSubmit={form.onSubmit} noValidate>
        <Flex direction="column" gap="3">
          <FormField label="Företagsnamn *" {...form.text('name')} autoComplete="organization" />
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <FormField label="Org.nr" {...form.text('org_no')} placeholder="NNNNNN-NNNN" />
            <FormField label="Kundnummer" {...form.text('customer_no')} />
          </Grid>
          <FormSection title="Kontaktperson">
            <FormField label="Namn" {...form.text('contact_name')} autoComplete="off" />
            <Grid columns={{ initial: '1', sm: '2' }} gap="3">
              <FormField label="E-post" type="email" {...form.text('contact_email')} />
              <FormField label="Telefon" type="tel" {...form.text('contact_phone')} />
            </Grid>
          </FormSection>
          <AddressFields form={form} />
        </Flex>
        <FormActions submitLabel={creditor ? 'Spara ändringar' : 'Skapa kund'} isSubmitting={form.isSubmitting} />
      </form>
    </Flex>
  );
}
