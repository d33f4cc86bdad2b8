// 'Ändra roll' for a member (admin): the same role fields as an invitation.
import { Flex } from '@radix-ui/themes';
import { useMemberMutations, type Member } from '../../api/members';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { useToast } from '../../components/toast';
import { useForm } from '../../lib/use-form';
import { memberName } from './member-name';
import { roleErrors, RoleFields, type RoleValues } from './role-fields';

export interface ChangeRoleDialogProps {
  member: Member | null;
  onOpenChange(open: boolean): void;
}

export function ChangeRoleDialog({ member, onOpenChange }: ChangeRoleDialogProps) {
  return (
    <FormDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      maxWidth="460px"
      title="Ändra roll"
      description={member ? `${memberName(member)} (${member.email})` : null}
    >
      {member ? <ChangeRoleForm key={member.user_id} member={member} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function ChangeRoleForm({ member, onDone }: { member: Member; onDone(): void }) {
  const { changeRole } = useMemberMutations();
  const { toast } = useToast();
  const form = useForm<RoleValues>(
    { role: member.role, creditor_id: member.creditor_id ?? '' },
    {
      validate: roleErrors,
      failure: 'Fel vid sparande',
      async submit(values) {
        await changeRole(member.user_id, values.role, values.creditor_id || null);
        toast({ title: 'Sparat', description: `${memberName(member)} har fått en ny roll`, variant: 'success' });
        onDone();
      },
    },
  );
  const { role, creditor_id: creditorId } = form.values;
  const unchanged = role === member.role && (role !== 'client' || creditorId === member.creditor_id);

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <RoleFields
          role={role}
          creditorId={creditorId || null}
          creditorError={form.errors.creditor_id}
          onRoleChange={(next) => form.set({ role: next })}
          onCreditorChange={(id) => form.set({ creditor_id: id })}
        />
      </Flex>
      <FormActions submitLabel="Spara" isSubmitting={form.isSubmitting} disabled={unchanged} />
    </form>
  );
}
