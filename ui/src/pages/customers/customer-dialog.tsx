// 'Ny kund' / 'Redigera kund' (spec part 1 §2 Creditors page, §5 Creditor form, §8 texts): a
// register search by org.nr that pre-fills the form, then company name (required), org.nr,
// customer number and the contact person.
import { Box, Button, Dialog, Flex, Grid, Heading, Separator } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { useCreditorMutations, type Creditor, type CreditorContact, type CreditorPatch } from '../../api/creditors';
import type { LookupResult } from '../../api/lookup';
import { FormField } from '../../components/form-field';
import { LookupSearch } from '../../components/lookup-search';
import { keepDialogOpenForToasts, useToast } from '../../components/toast';
import { useFocusReturn } from '../../lib/focus-return';

export interface CustomerDialogProps {
  open: boolean;
  /** The creditor to edit; null creates a new one. */
  creditor: Creditor | null;
  onOpenChange(open: boolean): void;
}

export function CustomerDialog({ open, creditor, onOpenChange }: CustomerDialogProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px" onInteractOutside={keepDialogOpenForToasts} onCloseAutoFocus={returnFocus}>
        <Dialog.Title>{creditor ? 'Redigera kund' : 'Ny kund'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {creditor ? 'Ändra borgenärens uppgifter.' : 'Sök på organisationsnumret för att hämta företagsuppgifterna, eller fyll i dem själv.'}
        </Dialog.Description>
        {/* Mounted only while open, so every opening starts from the saved values. */}
        {open ? <CustomerForm key={creditor?.id ?? 'new'} creditor={creditor} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

interface CustomerValues {
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
  };
}

function contactOf(values: CustomerValues): CreditorContact {
  const contact: CreditorContact = {};
  if (values.contact_name.trim()) contact.name = values.contact_name.trim();
  if (values.contact_email.trim()) contact.email = values.contact_email.trim();
  if (values.contact_phone.trim()) contact.phone = values.contact_phone.trim();
  return contact;
}

/** Only what changed; a cleared optional field is sent as null. */
function patchOf(before: CustomerValues, after: CustomerValues): CreditorPatch {
  const patch: CreditorPatch = {};
  if (after.name.trim() !== before.name) patch.name = after.name.trim();
  if (after.org_no.trim() !== before.org_no) patch.org_no = after.org_no.trim() || null;
  if (after.customer_no.trim() !== before.customer_no) patch.customer_no = after.customer_no.trim() || null;
  const contactChanged =
    after.contact_name.trim() !== before.contact_name ||
    after.contact_email.trim() !== before.contact_email ||
    after.contact_phone.trim() !== before.contact_phone;
  if (contactChanged) patch.contact_json = contactOf(after);
  return patch;
}

function CustomerForm({ creditor, onDone }: { creditor: Creditor | null; onDone(): void }) {
  const { createCreditor, updateCreditor } = useCreditorMutations();
  const { toast } = useToast();
  const [initial] = useState(() => valuesOf(creditor));
  const [values, setValues] = useState(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const set = (field: keyof CustomerValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'name') setNameError(null);
  };

  const fillFromRegister = (result: LookupResult) => {
    setValues((current) => ({
      ...current,
      name: result.name || current.name,
      org_no: result.organizationNumber ?? current.org_no,
      contact_email: result.email ?? current.contact_email,
      contact_phone: result.phone ?? current.contact_phone,
    }));
    setNameError(null);
  };

  const keepTypedOrgNo = (query: string) => setValues((current) => ({ ...current, org_no: query }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = values.name.trim();
    if (!name) {
      setNameError('Företagsnamn krävs');
      return;
    }
    setIsSaving(true);
    try {
      if (creditor) {
        const patch = patchOf(initial, values);
        if (Object.keys(patch).length > 0) await updateCreditor(creditor.id, patch);
        toast({ title: 'Kund uppdaterad', description: name, variant: 'success' });
      } else {
        const contact = contactOf(values);
        await createCreditor({
          name,
          org_no: values.org_no.trim() || undefined,
          customer_no: values.customer_no.trim() || undefined,
          contact_json: Object.keys(contact).length > 0 ? contact : undefined,
        });
        toast({ title: 'Kund skapad!', description: name, variant: 'success' });
      }
      onDone();
    } catch (saveError) {
      toast({
        title: creditor ? 'Fel vid uppdatering' : 'Fel vid skapande',
        description: (saveError as Error).message,
        variant: 'destructive',
      });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Flex direction="column" gap="4">
      {creditor ? null : (
        <>
          <LookupSearch
            label="Sök företag"
            placeholder="Org.nr, t.ex. 556036-0793"
            emptyMessage="Ange org.nr"
            kind="company"
            onPick={fillFromRegister}
            onManualEntry={keepTypedOrgNo}
          />
          <Separator size="4" />
        </>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Flex direction="column" gap="3">
          <FormField label="Företagsnamn *" value={values.name} onChange={set('name')} error={nameError} autoComplete="organization" />
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <FormField label="Org.nr" value={values.org_no} onChange={set('org_no')} placeholder="NNNNNN-NNNN" />
            <FormField label="Kundnummer" value={values.customer_no} onChange={set('customer_no')} />
          </Grid>
          <Box mt="2">
            <Heading as="h3" size="2" mb="2">
              Kontaktperson
            </Heading>
            <Flex direction="column" gap="3">
              <FormField label="Namn" value={values.contact_name} onChange={set('contact_name')} autoComplete="off" />
              <Grid columns={{ initial: '1', sm: '2' }} gap="3">
                <FormField label="E-post" type="email" value={values.contact_email} onChange={set('contact_email')} />
                <FormField label="Telefon" type="tel" value={values.contact_phone} onChange={set('contact_phone')} />
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
            {isSaving ? 'Sparar...' : creditor ? 'Spara ändringar' : 'Skapa kund'}
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}
