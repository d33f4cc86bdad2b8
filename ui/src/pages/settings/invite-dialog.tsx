// 'Bjud in' (spec part 2 §2 Behörigheter): e-mail and role (and the creditor of a 'Kund'); then
// the invitation link, shown this once, to copy and send to the invitee.
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { ORG_ROLE_LABELS } from '../../api/me';
import { invitationLink, useMemberMutations, type CreatedInvitation } from '../../api/members';
import { CopyField } from '../../components/copy-field';
import { FormActions } from '../../components/form/form-actions';
import { FormField } from '../../components/form/form-field';
import { useForm } from '../../lib/use-form';
import { roleErrors, RoleFields, type RoleValues } from './role-fields';

export interface InviteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="500px">
        {/* Mounted only while open: every opening starts with an empty form and no old link. */}
        {open ? <InviteFlow onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function InviteFlow({ onDone }: { onDone(): void }) {
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  return created ? <InvitationLink created={created} onDone={onDone} /> : <InviteForm onCreated={setCreated} />;
}

interface InviteValues extends RoleValues {
  email: string;
}

function InviteForm({ onCreated }: { onCreated(created: CreatedInvitation): void }) {
  const { invite } = useMemberMutations();
  const form = useForm<InviteValues>(
    { email: '', role: 'handler', creditor_id: '' },
    {
      validate: (values) => ({ ...(values.email.trim() ? {} : { email: 'E-post krävs' }), ...roleErrors(values) }),
      failure: 'Fel vid skapande',
      async submit({ email, role, creditor_id }) {
        onCreated(await invite({ email: email.trim(), role, creditor_id: role === 'client' ? creditor_id : null }));
      },
    },
  );

  return (
    <>
      <Dialog.Title>Bjud in användare</Dialog.Title>
      <Dialog.Description size="2" color="gray" mb="4">
        Du får en inbjudningslänk att skicka till personen. Länken gäller i 7 dagar.
      </Dialog.Description>
      <form onSubmit={form.onSubmit} noValidate>
        <Flex direction="column" gap="4">
          <FormField label="E-post" type="email" autoComplete="off" placeholder="namn@foretag.se" required autoFocus {...form.text('email')} />
          <RoleFields
            role={form.values.role}
            creditorId={form.values.creditor_id || null}
            creditorError={form.errors.creditor_id}
            onRoleChange={(role) => form.set({ role })}
            onCreditorChange={(id) => form.set({ creditor_id: id })}
          />
        </Flex>
        <FormActions submitLabel="Skapa inbjudan" isSubmitting={form.isSubmitting} />
      </form>
    </>
  );
}

function InvitationLink({ created, onDone }: { created: CreatedInvitation; onDone(): void }) {
  const { invitation, token } = created;
  return (
    <>
      <Dialog.Title>Inbjudan skapad</Dialog.Title>
      <Dialog.Description size="2" color="gray" mb="4">
        {invitation.email} bjuds in som {ORG_ROLE_LABELS[invitation.role]}.
      </Dialog.Description>
      <Flex direction="column" gap="4">
        <CopyField label="Inbjudningslänk" value={invitationLink(token)} hint="Skicka länken till personen. Den gäller i 7 dagar." />
        <Callout.Root color="amber" variant="surface" size="1">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            <Text weight="medium">Länken visas bara nu.</Text> Kopiera den innan du stänger. Behöver du en ny, skapa en ny inbjudan till samma adress.
          </Callout.Text>
        </Callout.Root>
        <Flex justify="end" mt="2">
          <Button onClick={onDone}>Klar</Button>
        </Flex>
      </Flex>
    </>
  );
}
