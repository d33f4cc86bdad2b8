// 'Bjud in' (spec part 2 §2 Behörigheter): e-mail and role (and the creditor of a 'Kund'); then
// the invitation link, shown this once, to copy and send to the invitee.
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { ORG_ROLE_LABELS, type Role } from '../../api/me';
import { invitationLink, useMemberMutations, type CreatedInvitation } from '../../api/members';
import { CopyField } from '../../components/copy-field';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { RoleFields } from './role-fields';

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

interface InviteErrors {
  email?: string;
  creditor?: string;
}

function InviteForm({ onCreated }: { onCreated(created: CreatedInvitation): void }) {
  const { invite } = useMemberMutations();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('handler');
  const [creditorId, setCreditorId] = useState<string | null>(null);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [isSaving, setIsSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: InviteErrors = {};
    if (!email.trim()) found.email = 'E-post krävs';
    if (role === 'client' && !creditorId) found.creditor = 'Välj vilken borgenär kunden ska se';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsSaving(true);
    try {
      onCreated(await invite({ email: email.trim(), role, creditor_id: role === 'client' ? creditorId : null }));
    } catch (error) {
      toast({ title: 'Fel vid skapande', description: (error as Error).message, variant: 'destructive' });
      setIsSaving(false);
    }
  };

  return (
    <>
      <Dialog.Title>Bjud in användare</Dialog.Title>
      <Dialog.Description size="2" color="gray" mb="4">
        Du får en inbjudningslänk att skicka till personen. Länken gäller i 7 dagar.
      </Dialog.Description>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Flex direction="column" gap="4">
          <FormField
            label="E-post"
            type="email"
            autoComplete="off"
            placeholder="namn@foretag.se"
            required
            autoFocus
            value={email}
            error={errors.email}
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors((current) => ({ ...current, email: undefined }));
            }}
          />
          <RoleFields
            role={role}
            creditorId={creditorId}
            creditorError={errors.creditor}
            onRoleChange={setRole}
            onCreditorChange={(id) => {
              setCreditorId(id);
              setErrors((current) => ({ ...current, creditor: undefined }));
            }}
          />
          <Flex gap="3" justify="end" mt="2">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Avbryt
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={isSaving}>
              Skapa inbjudan
            </Button>
          </Flex>
        </Flex>
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
