// The 'Kravplan' tab of /settings/communication: the organisation's plan (edited by an admin), the
// creditors' own plans (removed by an admin; made over the API), and the runs.
import { Badge, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useDunningMutations, useDunningPlans, type DunningPlan } from '../../api/dunning';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TableCaption } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { useErrorToast, useToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { DunningPlanEditor, DunningPlanTable } from './dunning-plan-editor';
import { DunningRunsCard } from './dunning-runs-card';

function CreditorPlans({ plans }: { plans: DunningPlan[] }) {
  const canEdit = useCan('dunning.plan');
  const { removeCreditorPlan } = useDunningMutations();
  const { toast } = useToast();
  const [removing, setRemoving] = useState<DunningPlan | null>(null);
  if (plans.length === 0)
    return (
      <Text size="2" color="gray">
        Ingen kund har en egen kravplan: alla ärenden följer organisationens.
      </Text>
    );
  return (
    <>
      <Table.Root variant="surface" size="1">
        <TableCaption>Kunders egna kravplaner</TableCaption>
        <Table.Body>
          {plans.map((plan) => (
            <Table.Row key={plan.id}>
              <Table.Cell>{plan.creditor_name ?? plan.creditor_id}</Table.Cell>
              <Table.Cell>
                {plan.steps.length === 0 ? (
                  <Badge color="gray">Inga utskick</Badge>
                ) : (
                  plan.steps.map((step) => `${step.name} (${step.days_past_due} d)`).join(', ')
                )}
              </Table.Cell>
              <Table.Cell justify="end">
                {canEdit ? (
                  <Button size="1" variant="soft" color="red" onClick={() => setRemoving(plan)}>
                    Ta bort
                  </Button>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Ta bort kundens kravplan?"
        description={`${removing?.creditor_name ?? 'Kundens'} ärenden följer organisationens kravplan igen.`}
        confirmLabel="Ta bort"
        onConfirm={async () => {
          try {
            await removeCreditorPlan(removing!.creditor_id!);
            toast({ title: 'Kundens kravplan borttagen', variant: 'success' });
          } catch (removeError) {
            toast({ title: 'Kunde inte ta bort kravplanen', description: (removeError as Error).message, variant: 'destructive' });
            throw removeError;
          }
        }}
      />
    </>
  );
}

export function DunningPanel() {
  const { data, error, mutate } = useDunningPlans();
  const canEdit = useCan('dunning.plan');
  const [editing, setEditing] = useState(false);
  useErrorToast(error, 'Kunde inte läsa kravplanen');
  if (error && !data) return <ErrorState title="Kunde inte läsa kravplanen" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <LoadingState label="Laddar kravplanen..." />;
  return (
    <Flex direction="column" gap="5">
      <Card size="3">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" wrap="wrap" gap="3">
            <Heading as="h2" size="4">
              Kravplan
            </Heading>
            {canEdit && !editing ? <Button onClick={() => setEditing(true)}>Redigera</Button> : null}
          </Flex>
          <Text size="2" color="gray">
            Dagarna räknas från fordringens förfallodag; ett steg kommer aldrig tidigare efter steget före än planens eget avstånd. Avgifter tas ut bara där
            lagen tillåter: påminnelseavgift om den avtalats, inkassoavgift när inkassokravet har skickats. Senast ändrad{' '}
            {formatDateTime(data.organisation.updated_at)}.
          </Text>
          {editing ? <DunningPlanEditor plans={data} onDone={() => setEditing(false)} /> : <DunningPlanTable plan={data.organisation} />}
          <Heading as="h3" size="3" mt="2">
            Kunders egna kravplaner
          </Heading>
          <CreditorPlans plans={data.creditors} />
        </Flex>
      </Card>
      <DunningRunsCard />
    </Flex>
  );
}
