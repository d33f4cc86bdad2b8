// 'Ny part' / 'Redigera part' (spec part 1 §2 Parties page, §5 Party form, §8 texts): a register
// search by org.nr or personnr that pre-fills the form, then type and name (required), the
// identifier that fits the type, e-mail, phone and address.
import { Flex, Grid } from '@radix-ui/themes';
import type { LookupKind, LookupResult } from '../../api/lookup';
import { PARTY_TYPE_LABELS, usePartyMutations, type Party, type PartyPatch, type PartyType } from '../../api/parties';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { SelectField } from '../../components/form/select-field';
import { useToast } from '../../components/toast';
import { formatNationalId } from '../../lib/format';
import { changedText, trimmedOrNull } from '../../lib/form-values';
import { useForm, type Form } from '../../lib/use-form';
import { AddressFields, ADDRESS_SERVER_FIELDS, addressOf, addressValuesOf, type AddressValues } from '../directory/address-fields';
import type { DirectoryDialogComponent } from '../directory/directory-definition';
import { RegisterLookup } from '../directory/register-lookup';

export const PartyDialog: DirectoryDialogComponent<Party> = ({ open, record: party, onOpenChange }) => (
  <FormDialog
    open={open}
    onOpenChange={onOpenChange}
    title={party ? 'Redigera part' : 'Ny part'}
    description={party ? 'Ändra gäldenärens uppgifter.' : 'Sök på organisations- eller personnummer för att hämta uppgifterna, eller fyll i dem själv.'}
  >
    <PartyForm key={party?.id ?? 'new'} party={party} onDone={() => onOpenChange(false)} />
  </FormDialog>
);

interface PartyValues extends AddressValues {
  type: PartyType | '';
  name: string;
  national_id: string;
  org_no: string;
  email: string;
  phone: string;
}

const TYPE_OPTIONS = (['person', 'company'] as const).map((value) => ({ value, label: PARTY_TYPE_LABELS[value] }));

function valuesOf(party: Party | null): PartyValues {
  return {
    type: party?.type ?? '',
    name: party?.name ?? '',
    national_id: party?.national_id ? formatNationalId(party.national_id) : '',
    org_no: party?.org_no ?? '',
    email: party?.email ?? '',
    phone: party?.phone ?? '',
    ...addressValuesOf(party?.address_json),
  };
}

/** Only what changed; a cleared optional field is sent as null, the address as a whole. */
function patchOf(before: PartyValues, after: PartyValues, type: PartyType): PartyPatch {
  const changed = changedText(before, after);
  const typeChanged = type !== before.type;
  return {
    ...(typeChanged ? { type } : {}),
    ...(changed('name') ? { name: after.name.trim() } : {}),
    ...(type === 'person' && (changed('national_id') || typeChanged) ? { national_id: trimmedOrNull(after.national_id) } : {}),
    ...(type === 'company' && (changed('org_no') || typeChanged) ? { org_no: trimmedOrNull(after.org_no) } : {}),
    ...(changed('email') ? { email: trimmedOrNull(after.email) } : {}),
    ...(changed('phone') ? { phone: trimmedOrNull(after.phone) } : {}),
    ...(changed('street', 'zip', 'city') ? { address_json: addressOf(after) } : {}),
  };
}

function validate(values: PartyValues) {
  return { ...(values.type ? {} : { type: 'Välj typ' }), ...(values.name.trim() ? {} : { name: 'Namn krävs' }) };
}

function PartyForm({ party, onDone }: { party: Party | null; onDone(): void }) {
  const { create, update } = usePartyMutations();
  const { toast } = useToast();
  const initial = valuesOf(party);
  const form = useForm(initial, {
    validate,
    failure: party ? 'Fel vid uppdatering' : 'Fel vid skapande',
    serverFields: ADDRESS_SERVER_FIELDS,
    async submit(values) {
      const { type } = values;
      if (!type) return;
      const name = values.name.trim();
      if (party) {
        const patch = patchOf(initial, values, type);
        if (Object.keys(patch).length > 0) await update(party.id, patch);
        toast({ title: 'Part uppdaterad', description: name, variant: 'success' });
      } else {
        const address = addressOf(values);
        await create({
          type,
          name,
          national_id: type === 'person' ? values.national_id.trim() || undefined : undefined,
          org_no: type === 'company' ? values.org_no.trim() || undefined : undefined,
          email: values.email.trim() || undefined,
          phone: values.phone.trim() || undefined,
          address_json: Object.keys(address).length > 0 ? address : undefined,
        });
        toast({ title: 'Part skapad!', description: name, variant: 'success' });
      }
      onDone();
    },
  });

  return (
    <Flex direction="column" gap="4">
      {party ? null : <PartyLookup form={form} />}
      <form onSubmit={form.onSubmit} noValidate>
        <Flex direction="column" gap="3">
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <SelectField label="Typ *" placeholder="Välj typ" options={TYPE_OPTIONS} {...form.input('type')} />
            {form.values.type === 'person' ? (
              <FormField label="Personnummer" {...form.text('national_id')} placeholder="YYYYMMDD-XXXX" inputMode="numeric" />
            ) : form.values.type === 'company' ? (
              <FormField label="Org.nr" {...form.text('org_no')} placeholder="NNNNNN-NNNN" inputMode="numeric" />
            ) : null}
          </Grid>
          <FormField label="Namn *" {...form.text('name')} autoComplete="off" />
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <FormField label="E-post" type="email" {...form.text('email')} />
            <FormField label="Telefon" type="tel" {...form.text('phone')} />
          </Grid>
          <AddressFields form={form} />
        </Flex>
        <FormActions submitLabel={party ? 'Spara ändringar' : 'Skapa part'} isSubmitting={form.isSubmitting} />
      </form>
    </Flex>
  );
}

/** The register search: a hit fills the form; no hit makes the number searched the identifier of the type it looks like. */
function PartyLookup({ form }: { form: Form<PartyValues> }) {
  const fill = (result: LookupResult, kind: LookupKind) => {
    const { values } = form;
    form.setErrors({});
    form.set({
      type: kind,
      name: result.name || values.name,
      national_id: kind === 'person' ? (result.personalNumber ?? values.national_id) : values.national_id,
      org_no: kind === 'company' ? (result.organizationNumber ?? values.org_no) : values.org_no,
      email: result.email ?? values.email,
      phone: result.phone ?? values.phone,
      street: result.address?.street ?? values.street,
      zip: result.address?.postalCode ?? values.zip,
      city: result.address?.city ?? values.city,
    });
  };
  return (
    <RegisterLookup
      label="Sök person eller företag"
      placeholder="Org.nr eller personnr"
      emptyMessage="Ange org.nr eller personnr"
      showKind
      onPick={fill}
      onManualEntry={(query, kind) => form.set({ type: kind, ...(kind === 'person' ? { national_id: query } : { org_no: query }) })}
    />
  );
}
