// 'Ändra roll' for a member (admin): the same role fields as an invitation.
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import type { Role } from '../../api/me';
import { useMemberMutations, type Member } from '../../api/members';
import { useToast } from '../../components/toast';
import { memberName } from './member-name';
import { RoleFields } from './role-fields';
import { useFocusReturn } from '../../lib/focus-return';

export interface ChangeRoleDialogProps {
  member: Member | null;
  onOpenChange(open: boolean): void;
}

export function ChangeRoleDialog({ member, onOpenChange }: ChangeRoleDialogProps) {
  const returnFocus = useFocusReturn(member !== null);
  return (
    <Dialog.Root open={member !== null} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="460px" onCloseAutoFocus={returnFocus}>
        <Dialog.Title>Ändra roll</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {member ? `${memberName(member)} (${member.email})` : null}
        </Dialog.Description>
        {member ? <ChangeRoleForm key={member.user_id} member={member} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ChangeRoleForm({ member, onDone }: { member: Member; onDone(): void }) {
  const { changeRole } = useMemberMutations();
  const { toast } = useToast();
  const [role, setRole] = useState<Role>(member.role);
  const [creditorId, setCreditorId] = useState<string | null>(member.creditor_id);
  const [creditorError, setCreditorError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const unchanged = role === member.role && (role !== 'client' || creditorId === member.creditor_id);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (role === 'client' && !creditorId) {
      setCreditorError('Välj vilken borgenär kunden ska se');
      return;
    }
    setIsSaving(true);
    try {
      await changeRole(member.user_id, role, creditorId);
      toast({ title: 'Sparat', description: `${memberName(member)} har fått en ny roll`, variant: 'success' });
      onDone();
    } catch (error) {
      toast({ title: 'Fel vid sparande', description: (error as Error).message, variant: 'destructive' });
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <RoleFields
          role={role}
          creditorId={creditorId}
          creditorError={creditorError}
          onRoleChange={setRole}
          onCreditorChange={(id) => {
            setCreditorId(id);
            setCreditorError(null);
          }}
        />
        <Flex gap="3" justify="end" mt="2">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Avbryt
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={isSaving} disabled={unchanged}>
            Spara
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
