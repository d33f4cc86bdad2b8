// The differences of a statement in 'Granska bankutdrag' (issue 10): the open ones with 'Lös'
// (only those that offer an action; the others say why), and the decisions taken, each under its
// difference with who, when and why, and 'Ångra'. Lines and payments are named by payer, OCR,
// date and amount — never by transaction id.
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Callout, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { StatementDifference, StatementResolution } from '../../api/bank';
import { orDash, TableCaption } from '../../components/data-table';
import { formatAmount, formatCount, formatDate, formatDateTime } from '../../lib/format';
import { ResolveDifferenceDialog } from './resolve-difference-dialog';
import { differenceTitle, magnitude, paymentText, subjectOf } from './resolution-texts';
import { UndoResolutionDialog } from './undo-resolution-dialog';

/** What the file says and what is booked: an amount, else a date. */
function side(amount: string | null, date: string | null): string {
  if (amount !== null) return formatAmount(amount);
  if (date !== null) return formatDate(date);
  return '–';
}

export interface StatementDifferencesProps {
  statementId: string;
  differences: StatementDifference[];
  resolutions: StatementResolution[];
  /** The member may resolve and undo (bank.write). */
  canResolve: boolean;
}

export function StatementDifferences({ statementId, differences, resolutions, canResolve }: StatementDifferencesProps) {
  const [resolving, setResolving] = useState<StatementDifference | null>(null);
  const [undoing, setUndoing] = useState<StatementResolution | null>(null);
  const active = resolutions.filter((resolution) => resolution.undone_at === null);
  const undone = resolutions.filter((resolution) => resolution.undone_at !== null);
  return (
    <>
      {differences.length === 0 ? (
        <Callout.Root color="green" variant="surface">
          <Callout.Text>
            {active.length === 0
              ? 'Inga avvikelser: varje transaktion i filen är bokförd med samma belopp och datum.'
              : 'Inga öppna avvikelser: de som fanns är lösta nedan.'}
          </Callout.Text>
        </Callout.Root>
      ) : (
        <OpenDifferences differences={differences} canResolve={canResolve} onResolve={setResolving} />
      )}
      {active.length > 0 ? <Resolutions resolutions={active} canResolve={canResolve} onUndo={setUndoing} /> : null}
      {undone.length > 0 ? <UndoneResolutions resolutions={undone} /> : null}
      <ResolveDifferenceDialog statementId={statementId} difference={resolving} onClose={() => setResolving(null)} />
      <UndoResolutionDialog statementId={statementId} resolution={undoing} onClose={() => setUndoing(null)} />
    </>
  );
}

function OpenDifferences({
  differences,
  canResolve,
  onResolve,
}: {
  differences: StatementDifference[];
  canResolve: boolean;
  onResolve(difference: StatementDifference): void;
}) {
  return (
    <Box>
      <Heading as="h3" size="3" mb="2">
        <Flex align="center" gap="2">
          <ExclamationTriangleIcon color="var(--red-11)" /> Avvikelser ({formatCount(differences.length)})
        </Flex>
      </Heading>
      <Table.Root size="1" variant="surface">
        <TableCaption>Avvikelser</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell width="56px">Rad</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Avvikelse</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">I filen</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Bokfört</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Betalare / referens</Table.ColumnHeaderCell>
            {canResolve ? <Table.ColumnHeaderCell>Åtgärd</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {differences.map((difference) => (
            <Table.Row key={difference.key} align="center">
              <Table.Cell>{difference.line ?? '–'}</Table.Cell>
              <Table.Cell>{difference.message}</Table.Cell>
              <Table.Cell justify="end" className="nowrap amount-cell">
                {side(difference.expected, difference.expected_date)}
              </Table.Cell>
              <Table.Cell justify="end" className="nowrap amount-cell">
                {side(difference.actual, difference.actual_date)}
              </Table.Cell>
              <Table.Cell>
                <Text size="1">{orDash(subjectOf(difference))}</Text>
              </Table.Cell>
              {canResolve ? (
                <Table.Cell>
                  {difference.actions.length > 0 ? (
                    <Button size="1" variant="soft" aria-label={`Lös: ${differenceTitle(difference)}`} onClick={() => onResolve(difference)}>
                      Lös
                    </Button>
                  ) : (
                    <Text size="1" color="gray">
                      {difference.action_note}
                    </Text>
                  )}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** What a decision booked, linked or set aside, in words. */
function resolutionDetail(resolution: StatementResolution): string | null {
  switch (resolution.kind) {
    case 'bank_fee':
    case 'adjustment':
      return resolution.amount && resolution.counter_account
        ? `${formatAmount(magnitude(resolution.amount))} bokfört mot ${resolution.counter_account.code} ${resolution.counter_account.name}`
        : null;
    case 'match_payment':
      return resolution.payment ? `Betalning ${paymentText(resolution.payment)}` : null;
    case 'other_account':
      return resolution.amount ? `${formatAmount(resolution.amount)} räknas inte på detta utdrag` : null;
    default:
      return null;
  }
}

function Resolutions({
  resolutions,
  canResolve,
  onUndo,
}: {
  resolutions: StatementResolution[];
  canResolve: boolean;
  onUndo(resolution: StatementResolution): void;
}) {
  return (
    <Box>
      <Heading as="h3" size="3" mb="2">
        Lösta avvikelser ({formatCount(resolutions.length)})
      </Heading>
      <Flex direction="column" gap="2" role="list" aria-label="Lösta avvikelser">
        {resolutions.map((resolution) => {
          const title = differenceTitle(resolution.difference);
          const detail = resolutionDetail(resolution);
          const subject = subjectOf(resolution.difference);
          return (
            <Card key={resolution.id} size="1" role="listitem" aria-label={`${resolution.kind_label}: ${title}`}>
              <Flex justify="between" align="start" gap="3">
                <Flex direction="column" gap="1" minWidth="0">
                  <Text size="2" weight="medium">
                    {title}
                  </Text>
                  <Text size="1" color="gray">
                    I filen {side(resolution.difference.expected, resolution.difference.expected_date)} · Bokfört{' '}
                    {side(resolution.difference.actual, resolution.difference.actual_date)}
                    {subject ? ` · ${subject}` : ''}
                  </Text>
                  <Flex gap="2" align="center" wrap="wrap" mt="1">
                    <Badge color="green" variant="soft" radius="full">
                      {resolution.kind_label}
                    </Badge>
                    {detail ? <Text size="2">{detail}</Text> : null}
                  </Flex>
                  <Text size="1" color="gray">
                    {orDash(resolution.created_by_name)} · {formatDateTime(resolution.created_at)} · ”{resolution.reason}”
                  </Text>
                  {!resolution.in_effect ? (
                    <Text size="1" color="amber">
                      Avvikelsen finns inte längre som när beslutet togs: ångra beslutet om det inte gäller.
                    </Text>
                  ) : null}
                </Flex>
                {canResolve ? (
                  <Button size="1" variant="soft" color="gray" aria-label={`Ångra: ${resolution.kind_label}, ${title}`} onClick={() => onUndo(resolution)}>
                    Ångra
                  </Button>
                ) : null}
              </Flex>
            </Card>
          );
        })}
      </Flex>
    </Box>
  );
}

function UndoneResolutions({ resolutions }: { resolutions: StatementResolution[] }) {
  return (
    <Box>
      <Heading as="h3" size="2" mb="1" color="gray">
        Ångrade beslut ({formatCount(resolutions.length)})
      </Heading>
      <Flex direction="column" gap="1" role="list" aria-label="Ångrade beslut">
        {resolutions.map((resolution) => (
          <Text key={resolution.id} size="1" color="gray" role="listitem">
            {resolution.kind_label} – {differenceTitle(resolution.difference)}. Anledning: ”{resolution.reason}”. Ångrad av {orDash(resolution.undone_by_name)}{' '}
            {formatDateTime(resolution.undone_at!)}: ”{resolution.undo_reason}”
          </Text>
        ))}
      </Flex>
    </Box>
  );
}
