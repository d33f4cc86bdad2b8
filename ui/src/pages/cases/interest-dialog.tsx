// 'Beräkna ränta' (spec part 1 §5, §8): interest up to an as-of date (default today). Success:
// 'Ränta beräknad!' with the amount and the days, and the periods in the dialog. Not yet due:
// 'Ingen ränta – Fordran är inte förfallen ännu'. Stopped by a rule: 'Åtgärd blockerad' with the
// rule's message. Any other failure: 'Fel vid beräkning'.
import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, DataList, Dialog, Flex, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useCaseMutations } from '../../api/cases';
import type { CaseInterestResult } from '../../api/case-types';
import { DateInput } from '../../components/date-input';
import { useToast, type ToastInput } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { readDateField } from '../../lib/date-field';
import { formatAmount, formatCount, formatDate, formatRate, todayInSweden } from '../../lib/format';
import { useForm } from '../../lib/use-form';

export interface InterestDialogProps {
  caseId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function InterestDialog({ caseId, open, onOpenChange }: InterestDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="680px">
        <Dialog.Title>Beräkna ränta</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Dröjsmålsränta från förfallodagen till och med valt datum, på det obetalda kapitalet.
        </Dialog.Description>
        {open ? <InterestForm caseId={caseId} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function dayCount(days: number): string {
  return days === 1 ? '1 dag' : `${formatCount(days)} dagar`;
}

/** The toast of a refused calculation: not yet due is news, not an error. */
function interestErrorToast(error: unknown): ToastInput {
  const message = (error as Error).message;
  if (error instanceof ApiError && error.code === 'NOT_YET_DUE') return { title: message };
  if (error instanceof ApiError && error.code === 'ACTION_BLOCKED') return { title: 'Åtgärd blockerad', description: message, variant: 'destructive' };
  return { title: 'Fel vid beräkning', description: message, variant: 'destructive' };
}

function InterestForm({ caseId }: { caseId: string }) {
  const { calculateInterest } = useCaseMutations();
  const { toast } = useToast();
  const [result, setResult] = useState<CaseInterestResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm(() => ({ as_of: todayInSweden() }), {
    failure: interestErrorToast,
    onFailure(error) {
      setResult(null);
      if (error instanceof ApiError && error.code === 'NOT_YET_DUE') setNotice(error.message);
    },
    async submit(values) {
      const asOf = readDateField(values.as_of);
      if (!asOf.ok) return;
      setNotice(null);
      const calculated = await calculateInterest(caseId, asOf.date ?? undefined);
      setResult(calculated);
      toast({ title: 'Ränta beräknad!', description: `${formatAmount(calculated.amount)} för ${dayCount(calculated.days)}`, variant: 'success' });
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex gap="3" align="end" wrap="wrap">
        <Box width="200px">
          <DateInput label="Beräkna till och med" {...form.input('as_of')} />
        </Box>
        <Button type="submit" loading={form.isSubmitting} disabled={!readDateField(form.values.as_of).ok}>
          Beräkna
        </Button>
      </Flex>

      {notice ? (
        <Callout.Root color="blue" variant="surface" mt="4">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      ) : null}

      {result ? <InterestResult result={result} /> : null}

      <Flex justify="end" mt="5">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            Stäng
          </Button>
        </Dialog.Close>
      </Flex>
    </form>
  );
}

function InterestResult({ result }: { result: CaseInterestResult }) {
  const changeIsNegative = result.change.startsWith('-');
  return (
    <Box mt="5" className="interest-result" aria-live="polite">
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label>Ränta</DataList.Label>
          <DataList.Value>
            <Text weight="bold" className="tabular">
              {formatAmount(result.amount)}
            </Text>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Period</DataList.Label>
          <DataList.Value>
            {formatDate(result.from)} – {formatDate(result.to)} ({dayCount(result.days)})
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Räntesats</DataList.Label>
          <DataList.Value>{formatRate(result.rate)} per år</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Ändring av räntan</DataList.Label>
          <DataList.Value className="tabular">
            {changeIsNegative ? '' : '+'}
            {formatAmount(result.change)}
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>

      {result.periods.length > 0 ? (
        <Table.Root size="1" variant="surface" mt="4" className="periods-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Dagar</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Ränta %</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Kapital</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Belopp</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.periods.map((period) => (
              <Table.Row key={`${period.from}-${period.to}-${period.principal}`}>
                <Table.Cell className="nowrap">
                  {formatDate(period.from)} – {formatDate(period.to)}
                </Table.Cell>
                <Table.Cell justify="end" className="tabular">
                  {formatCount(period.days)}
                </Table.Cell>
                <Table.Cell justify="end" className="tabular">
                  {formatRate(period.rate_pa)}
                </Table.Cell>
                <Table.Cell justify="end" className="tabular nowrap">
                  {formatAmount(period.principal)}
                </Table.Cell>
                <Table.Cell justify="end" className="tabular nowrap">
                  {formatAmount(period.amount)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}

      {result.violations.map((violation) => (
        <Callout.Root key={violation.rule_code} color={violation.level === 'block' ? 'red' : 'amber'} variant="surface" size="1" mt="3">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{violation.message}</Callout.Text>
        </Callout.Root>
      ))}
    </Box>
  );
}
