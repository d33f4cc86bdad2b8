// 'Kunders egna kravplaner' on the Kravplan tab: the creditors whose cases follow a plan of their
// own instead of the organisation's. An admin makes one ('Egen kravplan för borgenär': pick the
// creditor, start from the organisation's steps), edits or removes it, with the organisation's
// step editor.
import { Badge, Button, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useDunningMutations, type DunningPlan, type DunningPlans } from '../../api/dunning';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CreditorPicker, type CreditorChoice } from '../../components/creditor-picker';
import { TableCaption } from '../../components/data-table';
import { useToast } from '../../components/toast';
import { useCan } from '../../lib/permissions';
import { DunningPlanEditor } from './dunning-plan-editor';

/** Whose plan is being edited: the creditor, and its own plan (null: none yet, start from the organisation's). */
interface Editing {
  creditor: CreditorChoice;
  plan: DunningPlan | null;
}

function planOf(plans: DunningPlans, creditorId: string): DunningPlan | null {
  return plans.creditors.find((plan) => plan.creditor_id === creditorId) ?? null;
}

/** The editor of one creditor's plan. */
function CreditorPlanEditor({ plans, editing, onDone }: { plans: DunningPlans; editing: Editing; onDone(): void }) {
  const { saveCreditorPlan } = useDunningMutations();
  return (
    <Flex direction="column" gap="2">
      <Text size="2" weight="medium">
        Kravplan för {editing.creditor.name}
        {editing.plan ? '' : ' (utgår från organisationens)'}
      </Text>
      <DunningPlanEditor
        plans={plans}
        from={editing.plan ?? plans.organisation}
        asCopy={editing.plan === null}
        label={`Kravplan för ${editing.creditor.name}`}
        save={(steps) => saveCreditorPlan(editing.creditor.id, steps)}
        savedText="Kundens kravplan sparad"
        onDone={onDone}
      />
    </Flex>
  );
}

function CreditorPlanRows({ plans, onEdit, onRemove }: { plans: DunningPlan[]; onEdit(plan: DunningPlan): void; onRemove(plan: DunningPlan): void }) {
  const canEdit = useCan('dunning.plan');
  if (plans.length === 0)
    return (
      <Text size="2" color="gray">
        Ingen kund har en egen kravplan: alla ärenden följer organisationens.
      </Text>
    );
  return (
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
                <Flex gap="2" justify="end">
                  <Button size="1" variant="soft" aria-label={`Redigera kravplanen för ${plan.creditor_name ?? ''}`} onClick={() => onEdit(plan)}>
                    Redigera
                  </Button>
                  <Button size="1" variant="soft" color="red" onClick={() => onRemove(plan)}>
                    Ta bort
                  </Button>
                </Flex>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export function CreditorPlans({ plans }: { plans: DunningPlans }) {
  const canEdit = useCan('dunning.plan');
  const { removeCreditorPlan } = useDunningMutations();
  const { toast } = useToast();
  const [choosing, setChoosing] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<DunningPlan | null>(null);
  const choose = (creditor: CreditorChoice | null) => {
    if (!creditor) return;
    setChoosing(false);
    setEditing({ creditor, plan: planOf(plans, creditor.id) });
  };
  return (
    <>
      <Flex justify="between" align="center" wrap="wrap" gap="3" mt="2">
        <Heading as="h3" size="3">
          Kunders egna kravplaner
        </Heading>
        {canEdit && !choosing && !editing ? (
          <Button variant="soft" onClick={() => setChoosing(true)}>
            Egen kravplan för borgenär
          </Button>
        ) : null}
      </Flex>
      {choosing ? (
        <Flex gap="3" align="center" wrap="wrap">
          <Text size="2">Vilken borgenär ska få en egen kravplan?</Text>
          <CreditorPicker value={null} onChange={choose} placeholder="Välj borgenär" status="active" aria-label="Borgenär" />
          <Button variant="soft" color="gray" onClick={() => setChoosing(false)}>
            Avbryt
          </Button>
        </Flex>
      ) : null}
      {editing ? <CreditorPlanEditor key={editing.creditor.id} plans={plans} editing={editing} onDone={() => setEditing(null)} /> : null}
      <CreditorPlanRows
        plans={plans.creditors}
        onEdit={(plan) => setEditing({ creditor: { id: plan.creditor_id!, name: plan.creditor_name ?? '' }, plan })}
        onRemove={setRemoving}
      />
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
