// 'Ny part' / 'Redigera part' (spec part 1 §2 Parties page, §5 Party form, §8 texts): a register
// search by org.nr or personnr that pre-fills the form, then type and name (required), the
// identifier that fits the type, e-mail, phone and address.
import { Box, Button, Dialog, Flex, Grid, Heading, Select, Separator, Text } from '@radix-ui/themes';
import { useId, useState, type FormEvent } from 'react';
import type { LookupKind, LookupResult } from '../../api/lookup';
import { PARTY_TYPE_LABELS, usePartyMutations, type Party, type PartyAddress, type PartyPatch, type PartyType } from '../../api/parties';
import { FormField } from '../../components/form-field';
import { LookupSearch } from '../../components/lookup-search';
import { keepDialogOpenForToasts, useToast } from '../../components/toast';
import { formatNationalId } from '../../lib/format';
import { useFocusReturn } from '../../lib/focus-return';

export interface PartyDialogProps {
  open: boolean;
  /** The party to edit; null creates a new one. */
  party: Party | null;
  onOpenChange(open: boolean): void;
}

export function PartyDialog({ open, party, onOpenChange }: PartyDialogProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px" onInteractOutside={keepDialogOpenForToasts} onCloseAutoFocus={returnFocus}>
        <Dialog.Title>{party ? 'Redigera part' : 'Ny part'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {party ? 'Ändra gäldenärens uppgifter.' : 'Sök på organisations- eller personnummer för att hämta uppgifterna, eller fyll i dem själv.'}
        </Dialog.Description>
        {/* Mounted only while open, so every opening starts from the saved values. */}
        {open ? <PartyForm key={party?.id ?? 'new'} party={party} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

interface PartyValues {
  type: PartyType | '';
  name: string;
  national_id: string;
  org_no: string;
  email: string;
  phone: string;
  street: string;
  zip: string;
  city: string;
}

type TextFieldName = Exclude<keyof PartyValues, 'type'>;

function valuesOf(party: Party | null): PartyValues {
  const address = party?.address_json ?? {};
  return {
    type: party?.type ?? '',
    name: party?.name ?? '',
    national_id: party?.national_id ? formatNationalId(party.national_id) : '',
    org_no: party?.org_no ?? '',
    email: party?.email ?? '',
    phone: party?.phone ?? '',
    street: address.street ?? '',
    zip: address.zip ?? '',
    city: address.city ?? '',
  };
}

function addressOf(values: PartyValues): PartyAddress {
  const address: PartyAddress = {};
  if (values.street.trim()) address.street = values.street.trim();
  if (values.zip.trim()) address.zip = values.zip.trim();
  if (values.city.trim()) address.city = values.city.trim();
  return address;
}

/** Only what changed; a cleared optional field is sent as null. */
function patchOf(before: PartyValues, after: PartyValues, type: PartyType): PartyPatch {
  const patch: PartyPatch = {};
  const changed = (field: TextFieldName) => after[field].trim() !== before[field];
  if (type !== before.type) patch.type = type;
  if (changed('name')) patch.name = after.name.trim();
  if (type === 'person' && (changed('national_id') || patch.type)) patch.national_id = after.national_id.trim() || null;
  if (type === 'company' && (changed('org_no') || patch.type)) patch.org_no = after.org_no.trim() || null;
  if (changed('email')) patch.email = after.email.trim() || null;
  if (changed('phone')) patch.phone = after.phone.trim() || null;
  if (changed('street') || changed('zip') || changed('city')) patch.address_json = addressOf(after);
  return patch;
}

interface FormErrors {
  type?: string;
  name?: string;
}

function PartyForm({ party, onDone }: { party: Party | null; onDone(): void }) {
  const { createParty, updateParty } = usePartyMutations();
  const { toast } = useToast();
  const typeId = useId();
  const [initial] = useState(() => valuesOf(party));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSaving, setIsSaving] = useState(false);

  const set = (field: TextFieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'name') setErrors((current) => ({ ...current, name: undefined }));
  };

  const fillFromRegister = (result: LookupResult, kind: LookupKind) => {
    setValues((current) => ({
      ...current,
      type: kind,
      name: result.name || current.name,
      national_id: kind === 'person' ? (result.personalNumber ?? current.national_id) : current.national_id,
      org_no: kind === 'company' ? (result.organizationNumber ?? current.org_no) : current.org_no,
      email: result.email ?? current.email,
      phone: result.phone ?? current.phone,
      street: result.address?.street ?? current.street,
      zip: result.address?.postalCode ?? current.zip,
      city: result.address?.city ?? current.city,
    }));
    setErrors({});
  };

  /** No hit: the number searched becomes the identifier of the type it looks like. */
  const keepTypedIdentifier = (query: string, kind: LookupKind) => {
    setValues((current) => ({ ...current, type: kind, ...(kind === 'person' ? { national_id: query } : { org_no: query }) }));
    setErrors((current) => ({ ...current, type: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = values.name.trim();
    const nextErrors: FormErrors = {};
    if (!values.type) nextErrors.type = 'Välj typ';
    if (!name) nextErrors.name = 'Namn krävs';
    setErrors(nextErrors);
    if (!values.type || !name) return;
    const type = values.type;
    setIsSaving(true);
    try {
      if (party) {
        const patch = patchOf(initial, values, type);
        if (Object.keys(patch).length > 0) await updateParty(party.id, patch);
        toast({ title: 'Part uppdaterad', description: name, variant: 'success' });
      } else {
        const address = addressOf(values);
        await createParty({
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
    } catch (saveError) {
      toast({
        title: party ? 'Fel vid uppdatering' : 'Fel vid skapande',
        description: (saveError as Error).message,
        variant: 'destructive',
      });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Flex direction="column" gap="4">
      {party ? null : (
        <>
          <LookupSearch
            label="Sök person eller företag"
            placeholder="Org.nr eller personnr"
            emptyMessage="Ange org.nr eller personnr"
            showKind
            onPick={fillFromRegister}
            onManualEntry={keepTypedIdentifier}
          />
          <Separator size="4" />
        </>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Flex direction="column" gap="3">
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <Box>
              <Text as="label" id={`${typeId}-label`} size="2" weight="medium">
                Typ *
              </Text>
              <Box mt="1">
                <Select.Root
                  value={values.type || undefined}
                  onValueChange={(value) => {
                    setValues((current) => ({ ...current, type: value as PartyType }));
                    setErrors((current) => ({ ...current, type: undefined }));
                  }}
                >
                  <Select.Trigger
                    placeholder="Välj typ"
                    aria-labelledby={`${typeId}-label`}
                    aria-invalid={errors.type ? true : undefined}
                    aria-describedby={errors.type ? `${typeId}-error` : undefined}
                    className="full-width"
                  />
                  <Select.Content position="popper">
                    <Select.Item value="person">{PARTY_TYPE_LABELS.person}</Select.Item>
                    <Select.Item value="company">{PARTY_TYPE_LABELS.company}</Select.Item>
                  </Select.Content>
                </Select.Root>
              </Box>
              {errors.type ? (
                <Text as="p" id={`${typeId}-error`} size="1" color="red" mt="1">
                  {errors.type}
                </Text>
              ) : null}
            </Box>
            {values.type === 'person' ? (
              <FormField label="Personnummer" value={values.national_id} onChange={set('national_id')} placeholder="YYYYMMDD-XXXX" inputMode="numeric" />
            ) : values.type === 'company' ? (
              <FormField label="Org.nr" value={values.org_no} onChange={set('org_no')} placeholder="NNNNNN-NNNN" inputMode="numeric" />
            ) : null}
          </Grid>
          <FormField label="Namn *" value={values.name} onChange={set('name')} error={errors.name ?? null} autoComplete="off" />
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <FormField label="E-post" type="email" value={values.email} onChange={set('email')} />
            <FormField label="Telefon" type="tel" value={values.phone} onChange={set('phone')} />
          </Grid>
          <Box mt="2">
            <Heading as="h3" size="2" mb="2">
              Adress
            </Heading>
            <Flex direction="column" gap="3">
              <FormField label="Gata" value={values.street} onChange={set('street')} autoComplete="off" />
              <Grid columns="1fr 2fr" gap="3">
                <FormField label="Postnummer" value={values.zip} onChange={set('zip')} placeholder="123 45" />
                <FormField label="Ort" value={values.city} onChange={set('city')} />
              </Grid>
            </Flex>
          </Box>
        </Flex>
        <Flex gap="3" justify="end" mt="5">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Avbryt
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Sparar...' : party ? 'Spara ändringar' : 'Skapa part'}
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}
