// Interest profiles (ränteprofiler, spec part 2 §3, §9): the list by code with the rate as the spec
// shows it, the organisation's default profile for new cases, and create/edit/deactivate.
import { DotsHorizontalIcon, Pencil1Icon, BarChartIcon, PlusIcon, StarFilledIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Card, Code, DropdownMenu, Flex, IconButton, Select, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useFinanceMutations, useInterestProfiles, type InterestProfile } from '../../api/finance';
import { TableSkeletonRows, ActionsColumnHeader } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast, useToast } from '../../components/toast';
import { formatDate } from '../../lib/format';
import { InterestProfileDialog } from './interest-profile-dialog';
import { SectionHeader } from './section-header';

type DialogState = { mode: 'create' } | { mode: 'edit'; profile: InterestProfile } | null;

const COLUMN_COUNT = 6;

function validityOf(profile: InterestProfile): string {
  if (!profile.valid_from && !profile.valid_to) return 'Tills vidare';
  if (!profile.valid_to) return `Från ${formatDate(profile.valid_from!)}`;
  if (!profile.valid_from) return `Till ${formatDate(profile.valid_to)}`;
  return `${formatDate(profile.valid_from)} – ${formatDate(profile.valid_to)}`;
}

export function InterestProfilesSection({ canWrite }: { canWrite: boolean }) {
  const { data, error, mutate } = useInterestProfiles();
  const { setDefaultInterestProfile } = useFinanceMutations();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<DialogState>(null);
  useErrorToast(error, 'Fel vid laddning');

  const chooseDefault = async (profile: InterestProfile) => {
    try {
      await setDefaultInterestProfile(profile.id);
      toast({ title: 'Sparat', description: `${profile.name ?? profile.code} är standard för nya ärenden`, variant: 'success' });
    } catch (saveError) {
      toast({ title: 'Fel vid sparande', description: (saveError as Error).message, variant: 'destructive' });
    }
  };

  return (
    <Box>
      <SectionHeader
        title="Ränteprofiler"
        description="Dröjsmålsränta (referensränta + 8 procentenheter, räntelagen 6 §) eller en avtalad fast ränta per år."
        action={
          canWrite ? (
            <Button onClick={() => setDialog({ mode: 'create' })} disabled={!data}>
              <PlusIcon /> Ny ränteprofil
            </Button>
          ) : null
        }
      />
      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.items.length === 0 ? (
        <Box className="list-empty">
          <EmptyState
            icon={<BarChartIcon width="22" height="22" />}
            title="Inga ränteprofiler ännu"
            description="Skapa en profil för dröjsmålsränta eller en fast ränta."
          />
        </Box>
      ) : (
        <Flex direction="column" gap="4">
          {data ? (
            <DefaultProfileCard
              profiles={data.items}
              defaultId={data.default_interest_profile_id}
              canWrite={canWrite}
              onChoose={(profile) => void chooseDefault(profile)}
            />
          ) : null}
          <Table.Root variant="surface" className="data-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Kod</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Namn</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Ränta</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Giltig</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <ActionsColumnHeader width="48px" />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!data ? (
                <TableSkeletonRows columns={COLUMN_COUNT} rows={2} />
              ) : (
                data.items.map((profile) => (
                  <ProfileRow
                    key={profile.id}
                    profile={profile}
                    canWrite={canWrite}
                    onEdit={() => setDialog({ mode: 'edit', profile })}
                    onMakeDefault={() => void chooseDefault(profile)}
                  />
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Flex>
      )}
      <InterestProfileDialog
        open={dialog !== null}
        profile={dialog?.mode === 'edit' ? dialog.profile : null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
    </Box>
  );
}

function DefaultProfileCard({
  profiles,
  defaultId,
  canWrite,
  onChoose,
}: {
  profiles: InterestProfile[];
  defaultId: string | null;
  canWrite: boolean;
  onChoose(profile: InterestProfile): void;
}) {
  const current = profiles.find((profile) => profile.id === defaultId) ?? null;
  const choices = profiles.filter((profile) => profile.is_active);
  return (
    <Card variant="surface">
      <Flex justify="between" align={{ initial: 'start', sm: 'center' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
        <Flex gap="3" align="center">
          <Flex className="default-profile-icon" align="center" justify="center">
            <StarFilledIcon />
          </Flex>
          <Box>
            <Text as="div" size="2" color="gray" id="default-profile-label">
              Standardprofil för nya ärenden
            </Text>
            <Text as="div" size="3" weight="bold">
              {current ? `${current.name ?? current.code} · ${current.rate_display}` : 'Ingen vald'}
            </Text>
          </Box>
        </Flex>
        {canWrite ? (
          <Select.Root
            value={defaultId ?? undefined}
            onValueChange={(id) => {
              const chosen = profiles.find((profile) => profile.id === id);
              if (chosen && id !== defaultId) onChoose(chosen);
            }}
          >
            <Select.Trigger aria-labelledby="default-profile-label" placeholder="Välj profil" />
            <Select.Content position="popper" align="end">
              {choices.map((profile) => (
                <Select.Item key={profile.id} value={profile.id}>
                  {profile.code} – {profile.rate_display}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        ) : null}
      </Flex>
    </Card>
  );
}

function ProfileRow({ profile, canWrite, onEdit, onMakeDefault }: { profile: InterestProfile; canWrite: boolean; onEdit(): void; onMakeDefault(): void }) {
  const { updateInterestProfile } = useFinanceMutations();
  const { toast } = useToast();

  const toggle = async () => {
    try {
      await updateInterestProfile(profile.id, { is_active: !profile.is_active });
      toast({ title: 'Sparat', description: `${profile.code} är ${profile.is_active ? 'inaktiverad' : 'aktiverad'}`, variant: 'success' });
    } catch (toggleError) {
      toast({ title: 'Fel vid sparande', description: (toggleError as Error).message, variant: 'destructive' });
    }
  };

  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <Code variant="ghost" weight="bold" className="mono">
          {profile.code}
        </Code>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Text size="2">{profile.name ?? '–'}</Text>
      </Table.Cell>
      <Table.Cell>
        <Text size="2" weight="medium">
          {profile.rate_display}
        </Text>
      </Table.Cell>
      <Table.Cell className="nowrap">
        <Text size="2">{validityOf(profile)}</Text>
      </Table.Cell>
      <Table.Cell>
        <Flex gap="2" wrap="wrap">
          <Badge color={profile.is_active ? 'green' : 'gray'} variant="soft" radius="full">
            {profile.is_active ? 'Aktiv' : 'Inaktiv'}
          </Badge>
          {profile.is_default ? (
            <Badge color="indigo" variant="solid" radius="full">
              Standard
            </Badge>
          ) : null}
          {profile.in_use ? (
            <Badge color="gray" variant="outline" radius="full">
              Används
            </Badge>
          ) : null}
        </Flex>
      </Table.Cell>
      <Table.Cell justify="end">
        {canWrite ? (
          <DropdownMenu.Root>
            <DropdownMenu.Trigger>
              <IconButton variant="ghost" color="gray" aria-label={`Åtgärder för ${profile.code}`}>
                <DotsHorizontalIcon />
              </IconButton>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="end">
              <DropdownMenu.Item onSelect={onEdit}>
                <Pencil1Icon /> Redigera
              </DropdownMenu.Item>
              <DropdownMenu.Item onSelect={onMakeDefault} disabled={profile.is_default || !profile.is_active}>
                <StarFilledIcon /> Gör till standard
              </DropdownMenu.Item>
              <DropdownMenu.Item color={profile.is_active ? 'red' : undefined} disabled={profile.is_default} onSelect={() => void toggle()}>
                {profile.is_active ? 'Inaktivera' : 'Aktivera'}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
