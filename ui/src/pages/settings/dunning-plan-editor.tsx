// 'Kravplan': a plan's steps — after how many days past due, which template on which channel,
// which fee, which stage — shown as a table, and edited in place by an admin ('Redigera', 'Lägg
// till steg', 'Spara'): the organisation's plan and a creditor's own use the same editor. The
// server checks the plan as a whole and names what is wrong.
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, IconButton, Select, Table, Text, TextField } from '@radix-ui/themes';
import { CASE_STAGE_LABELS, COMM_CHANNELS, COMM_CHANNEL_LABELS, type CommChannel } from '@fordran/core/labels';
import type { DunningPlan, DunningPlans, DunningStepInput } from '../../api/dunning';
import { TableCaption } from '../../components/data-table';
import { useToast } from '../../components/toast';
import { formatAmount } from '../../lib/format';
import { useForm, type Form } from '../../lib/use-form';

/** A step as typed: the days as text until saved. */
interface StepDraft {
  id?: string;
  name: string;
  days: string;
  template_code: string;
  channel: CommChannel;
  fee_code: string;
  stage: string;
}

const NONE = 'none';

interface PlanDraft {
  steps: StepDraft[];
}

/** The plan's steps as drafts; as a copy (a new creditor plan from the organisation's) without their ids. */
function draftOf(plan: DunningPlan, asCopy: boolean): StepDraft[] {
  return plan.steps.map((step) => ({
    ...(asCopy ? {} : { id: step.id }),
    name: step.name,
    days: String(step.days_past_due),
    template_code: step.template_code,
    channel: step.channel,
    fee_code: step.fee_code ?? NONE,
    stage: step.stage ?? NONE,
  }));
}

function inputOf(draft: StepDraft): DunningStepInput {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    name: draft.name,
    days_past_due: Number(draft.days),
    template_code: draft.template_code,
    channel: draft.channel,
    fee_code: draft.fee_code === NONE ? null : draft.fee_code,
    stage: draft.stage === NONE ? null : (draft.stage as DunningStepInput['stage']),
  };
}

/** The plan as read: a row per step. */
export function DunningPlanTable({ plan }: { plan: DunningPlan }) {
  if (plan.steps.length === 0) return <Text color="gray">Inga steg: inget skickas automatiskt.</Text>;
  return (
    <Table.Root variant="surface" size="1">
      <TableCaption>Kravplanens steg</TableCaption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Steg</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Dagar efter förfallodag</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Mall</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Kanal</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Avgift</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Ny fas</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {plan.steps.map((step) => (
          <Table.Row key={step.id}>
            <Table.Cell>{step.name}</Table.Cell>
            <Table.Cell>{step.days_past_due}</Table.Cell>
            <Table.Cell>{step.template_name ?? <Text color="red">{step.template_code} saknas</Text>}</Table.Cell>
            <Table.Cell>{step.channel_label}</Table.Cell>
            <Table.Cell>{step.fee_name && step.fee_amount ? `${step.fee_name} (${formatAmount(step.fee_amount)})` : '–'}</Table.Cell>
            <Table.Cell>{step.stage_label ?? '–'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** One select of a step row, labelled for screen readers by the column and the step. */
function RowSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <Select.Root value={value} onValueChange={onChange}>
      <Select.Trigger aria-label={label} className="full-width" />
      <Select.Content position="popper">
        {options.map((option) => (
          <Select.Item key={option.value} value={option.value}>
            {option.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

function StepRow({
  draft,
  k,
  choices,
  onChange,
  onRemove,
}: {
  draft: StepDraft;
  k: number;
  choices: DunningPlans;
  onChange(change: Partial<StepDraft>): void;
  onRemove(): void;
}) {
  const of = `steg ${k + 1}`;
  return (
    <Table.Row>
      <Table.Cell>
        <TextField.Root aria-label={`Namn, ${of}`} value={draft.name} onChange={(event) => onChange({ name: event.target.value })} />
      </Table.Cell>
      <Table.Cell width="110px">
        <TextField.Root
          aria-label={`Dagar efter förfallodag, ${of}`}
          inputMode="numeric"
          value={draft.days}
          onChange={(event) => onChange({ days: event.target.value })}
        />
      </Table.Cell>
      <Table.Cell>
        <RowSelect
          label={`Mall, ${of}`}
          value={draft.template_code}
          options={choices.templates.filter((t) => t.is_active || t.code === draft.template_code).map((t) => ({ value: t.code, label: t.name }))}
          onChange={(template_code) => onChange({ template_code, channel: choices.templates.find((t) => t.code === template_code)?.channel ?? draft.channel })}
        />
      </Table.Cell>
      <Table.Cell>
        <RowSelect
          label={`Kanal, ${of}`}
          value={draft.channel}
          options={COMM_CHANNELS.map((c) => ({ value: c, label: COMM_CHANNEL_LABELS[c] }))}
          onChange={(channel) => onChange({ channel: channel as CommChannel })}
        />
      </Table.Cell>
      <Table.Cell>
        <RowSelect
          label={`Avgift, ${of}`}
          value={draft.fee_code}
          options={[{ value: NONE, label: 'Ingen' }, ...choices.fees.map((fee) => ({ value: fee.code, label: `${fee.name} (${formatAmount(fee.amount)})` }))]}
          onChange={(fee_code) => onChange({ fee_code })}
        />
      </Table.Cell>
      <Table.Cell>
        <RowSelect
          label={`Ny fas, ${of}`}
          value={draft.stage}
          options={[
            { value: NONE, label: 'Ingen ändring' },
            { value: 'reminder', label: CASE_STAGE_LABELS.reminder },
            { value: 'demand', label: CASE_STAGE_LABELS.demand },
          ]}
          onChange={(stage) => onChange({ stage })}
        />
      </Table.Cell>
      <Table.Cell justify="end">
        <IconButton variant="ghost" color="red" aria-label={`Ta bort ${of}`} onClick={onRemove}>
          <TrashIcon />
        </IconButton>
      </Table.Cell>
    </Table.Row>
  );
}

export interface DunningPlanEditorProps {
  /** The templates and fees to choose from. */
  plans: DunningPlans;
  /** The plan whose steps the editor starts from. */
  from: DunningPlan;
  /** Start from a copy of `from` (a creditor's new plan from the organisation's): the steps get new ids. */
  asCopy?: boolean;
  /** The form's accessible name. */
  label: string;
  save(steps: DunningStepInput[]): Promise<unknown>;
  /** The success toast. */
  savedText: string;
  onDone(): void;
}

/** The editor: the steps as rows of fields, 'Lägg till steg', 'Avbryt' and 'Spara'. */
export function DunningPlanEditor({ plans, from, asCopy = false, label, save, savedText, onDone }: DunningPlanEditorProps) {
  const { toast } = useToast();
  const form: Form<PlanDraft> = useForm<PlanDraft>(
    { steps: draftOf(from, asCopy) },
    {
      async submit({ steps }) {
        await save(steps.map(inputOf));
        toast({ title: savedText, variant: 'success' });
        onDone();
      },
      failure: 'Kunde inte spara kravplanen',
      // The plan is checked as a whole: its first problem is shown under the steps.
      onFailure: (error) => form.setErrors({ steps: (error as Error).message }),
    },
  );
  const steps = form.values.steps;
  const change = (k: number, patch: Partial<StepDraft>) => form.set({ steps: steps.map((step, j) => (j === k ? { ...step, ...patch } : step)) });
  const last = steps.at(-1);
  const add = () =>
    form.set({
      steps: [
        ...steps,
        {
          name: '',
          days: String(Number(last?.days ?? 0) + 15),
          template_code: last?.template_code ?? 'REMINDER_LETTER',
          channel: last?.channel ?? 'letter',
          fee_code: NONE,
          stage: NONE,
        },
      ],
    });
  return (
    <form onSubmit={form.onSubmit} aria-label={label}>
      <Flex direction="column" gap="3">
        <Table.Root variant="surface" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Steg</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Dagar</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Mall</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Kanal</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Avgift</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Ny fas</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {steps.map((draft, k) => (
              <StepRow
                key={draft.id ?? `new-${k}`}
                draft={draft}
                k={k}
                choices={plans}
                onChange={(patch) => change(k, patch)}
                onRemove={() => form.set({ steps: steps.filter((_, j) => j !== k) })}
              />
            ))}
          </Table.Body>
        </Table.Root>
        {form.errors.steps ? (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>{form.errors.steps}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" justify="between" wrap="wrap">
          <Button type="button" variant="soft" onClick={add}>
            <PlusIcon /> Lägg till steg
          </Button>
          <Flex gap="3">
            <Button type="button" variant="soft" color="gray" onClick={onDone}>
              Avbryt
            </Button>
            <Button type="submit" loading={form.isSubmitting}>
              Spara
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </form>
  );
}
