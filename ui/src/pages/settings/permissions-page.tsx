// /settings/permissions 'Behörigheter' (spec part 2 §2, §6, §7): the organisation's users with
// name (or 'Okänd användare'), e-mail and role, the open invitations and 'Bjud in'. Admins change
// roles, remove members (never the last admin) and revoke invitations; others see why they can't.
import { DotsHorizontalIcon, EnvelopeClosedIcon, PersonIcon, PlusIcon } from '@radix-ui/react-icons';
import { Avatar, Badge, Box, Button, Card, DropdownMenu, Flex, Heading, IconButton, Table, Text } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import { useCreditors } from '../../api/creditors';
import { ORG_ROLE_LABELS, type Role } from '../../api/me';
import { useMemberMutations, useMembers, type Invitation, type Member } from '../../api/members';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TableSkeletonRows, ActionsColumnHeader } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useErrorToast, useToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';
import { formatDate, initialsOf } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { ChangeRoleDialog } from './change-role-dialog';
import { InviteDialog } from './invite-dialog';
import { memberName } from './member-name';
import { ROLE_DESCRIPTIONS, ROLE_ORDER } from './role-fields';

const ROLE_COLORS: Record<Role, 'indigo' | 'blue' | 'green' | 'amber' | 'gray'> = {
  admin: 'indigo',
  handler: 'blue',
  finance: 'green',
  legal: 'amber',
  client: 'gray',
};

export function PermissionsPage() {
  const canManage = useCan('users.manage');
  const [isInviteOpen, setInviteOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Behörigheter"
        description="Användare och roller i organisationen."
        actions={
          canManage ? (
            <Button onClick={() => setInviteOpen(true)}>
              <PlusIcon /> Bjud in
            </Button>
          ) : null
        }
      />
      {canManage ? (
        <MemberAdministration onInvite={() => setInviteOpen(true)} />
      ) : (
        <NoAccess description="Bara administratörer ser och ändrar organisationens användare och roller. Be en administratör om hjälp." />
      )}
      <InviteDialog open={isInviteOpen} onOpenChange={setInviteOpen} />
    </>
  );
}

type Confirmation = { kind: 'remove'; member: Member } | { kind: 'revoke'; invitation: Invitation } | null;

function MemberAdministration({ onInvite }: { onInvite(): void }) {
  const { data, error, isLoading, mutate } = useMembers();
  const { removeMember, revokeInvitation } = useMemberMutations();
  const { user } = useAuth();
  const { toast } = useToast();
  const creditorNames = useCreditorNames(Boolean(data?.members.some((m) => m.role === 'client') || data?.invitations.some((i) => i.role === 'client')));
  const [editing, setEditing] = useState<Member | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  useErrorToast(error, 'Fel vid laddning');

  const adminCount = data?.members.filter((m) => m.role === 'admin').length ?? 0;
  const roleText = (role: Role, creditorId: string | null) =>
    role === 'client' && creditorId ? `${ORG_ROLE_LABELS.client} · ${creditorNames.get(creditorId) ?? 'okänd borgenär'}` : ORG_ROLE_LABELS[role];

  const confirm = async () => {
    if (!confirmation) return;
    try {
      if (confirmation.kind === 'remove') {
        await removeMember(confirmation.member.user_id);
        toast({
          title: 'Användaren borttagen',
          description: `${memberName(confirmation.member)} har inte längre tillgång till organisationen`,
          variant: 'success',
        });
      } else {
        await revokeInvitation(confirmation.invitation.id);
        toast({ title: 'Inbjudan återkallad', description: confirmation.invitation.email, variant: 'success' });
      }
    } catch (actionError) {
      toast({ title: 'Fel', description: (actionError as Error).message, variant: 'destructive' });
      throw actionError;
    }
  };

  if (error && !data) return <ErrorState message={error.message} onRetry={() => void mutate()} />;

  return (
    <Flex direction="column" gap="5">
      <Card size="2">
        <Flex align="baseline" justify="between" mb="3" gap="3">
          <Heading as="h2" size="4">
            Användare
          </Heading>
          {data ? (
            <Text size="2" color="gray">
              {data.members.length === 1 ? '1 användare' : `${data.members.length} användare`}
            </Text>
          ) : null}
        </Flex>
        <Table.Root variant="ghost" className="data-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Namn</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Roll</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Medlem sedan</Table.ColumnHeaderCell>
              <ActionsColumnHeader width="48px" />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {isLoading || !data ? (
              <TableSkeletonRows columns={4} rows={3} />
            ) : (
              data.members.map((member) => {
                const isLastAdmin = member.role === 'admin' && adminCount <= 1;
                const name = memberName(member);
                return (
                  <Table.Row key={member.user_id} align="center">
                    <Table.RowHeaderCell>
                      <Flex align="center" gap="3">
                        <Avatar size="2" radius="full" fallback={member.full_name ? initialsOf(member.full_name) : <PersonIcon />} />
                        <Flex direction="column" minWidth="0">
                          <Flex align="center" gap="2">
                            <Text weight="medium" color={member.full_name ? undefined : 'gray'}>
                              {name}
                            </Text>
                            {member.user_id === user?.id ? (
                              <Badge size="1" variant="outline" color="gray" radius="full">
                                Du
                              </Badge>
                            ) : null}
                          </Flex>
                          <Text size="1" color="gray" truncate>
                            {member.email}
                          </Text>
                        </Flex>
                      </Flex>
                    </Table.RowHeaderCell>
                    <Table.Cell>
                      <Badge color={ROLE_COLORS[member.role]} variant="soft" radius="full">
                        {roleText(member.role, member.creditor_id)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell className="nowrap">{formatDate(member.joined_at)}</Table.Cell>
                    <Table.Cell justify="end">
                      <DropdownMenu.Root>
                        <DropdownMenu.Trigger>
                          <IconButton variant="ghost" color="gray" aria-label={`Åtgärder för ${name}`}>
                            <DotsHorizontalIcon />
                          </IconButton>
                        </DropdownMenu.Trigger>
                        <DropdownMenu.Content align="end">
                          <DropdownMenu.Item disabled={isLastAdmin} onSelect={() => setEditing(member)}>
                            Ändra roll
                          </DropdownMenu.Item>
                          <DropdownMenu.Item color="red" disabled={isLastAdmin} onSelect={() => setConfirmation({ kind: 'remove', member })}>
                            Ta bort ur organisationen
                          </DropdownMenu.Item>
                          {isLastAdmin ? (
                            <>
                              <DropdownMenu.Separator />
                              <DropdownMenu.Label>
                                <Text size="1">Organisationen måste ha minst en administratör</Text>
                              </DropdownMenu.Label>
                            </>
                          ) : null}
                        </DropdownMenu.Content>
                      </DropdownMenu.Root>
                    </Table.Cell>
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Card>

      <Card size="2">
        <Heading as="h2" size="4" mb="3">
          Öppna inbjudningar
        </Heading>
        {data && data.invitations.length === 0 ? (
          <EmptyState
            icon={<EnvelopeClosedIcon width="22" height="22" />}
            title="Inga öppna inbjudningar"
            description="Bjud in kollegor eller en borgenärs kontaktperson. De får en länk för att skapa sitt konto."
            action={
              <Button variant="soft" onClick={onInvite}>
                <PlusIcon /> Bjud in
              </Button>
            }
          />
        ) : (
          <Table.Root variant="ghost" className="data-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>E-post</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Roll</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Skickad</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Gäller till</Table.ColumnHeaderCell>
                <ActionsColumnHeader width="120px" />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!data ? (
                <TableSkeletonRows columns={5} rows={2} />
              ) : (
                data.invitations.map((invitation) => (
                  <Table.Row key={invitation.id} align="center">
                    <Table.RowHeaderCell>{invitation.email}</Table.RowHeaderCell>
                    <Table.Cell>
                      <Badge color={ROLE_COLORS[invitation.role]} variant="soft" radius="full">
                        {roleText(invitation.role, invitation.creditor_id)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell className="nowrap">{formatDate(invitation.created_at)}</Table.Cell>
                    <Table.Cell className="nowrap">{formatDate(invitation.expires_at)}</Table.Cell>
                    <Table.Cell justify="end">
                      <Button size="1" variant="soft" color="red" onClick={() => setConfirmation({ kind: 'revoke', invitation })}>
                        Återkalla
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        )}
      </Card>

      <Box>
        <Text as="p" size="1" color="gray">
          {ROLE_ORDER.map((role) => `${ORG_ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role]}.`).join(' ')}
        </Text>
      </Box>

      <ChangeRoleDialog member={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation?.kind === 'revoke' ? 'Återkalla inbjudan?' : 'Ta bort användaren?'}
        description={
          confirmation?.kind === 'revoke'
            ? `Länken som skickats till ${confirmation.invitation.email} slutar fungera.`
            : confirmation?.kind === 'remove'
              ? `${memberName(confirmation.member)} (${confirmation.member.email}) förlorar genast tillgången till organisationen. Kontot finns kvar.`
              : ''
        }
        confirmLabel={confirmation?.kind === 'revoke' ? 'Återkalla' : 'Ta bort'}
        onConfirm={confirm}
        onOpenChange={(open) => !open && setConfirmation(null)}
      />
    </Flex>
  );
}

/** Names of the organisation's creditors, for the 'Kund · <borgenär>' role labels. */
function useCreditorNames(enabled: boolean): Map<string, string> {
  const { data } = useCreditors({ sort: 'name', order: 'asc', limit: 200, offset: 0 }, enabled);
  return useMemo(() => new Map((data?.items ?? []).map((creditor) => [creditor.id, creditor.name])), [data]);
}
