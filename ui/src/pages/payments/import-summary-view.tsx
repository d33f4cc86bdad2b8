// The result of a bank-file import: what the file held, what was booked and how, and the
// findings by line (an amount in another currency with its code; a reversal with the payment it
// takes back).
import { CheckCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Badge, Box, Callout, DataList, Flex, Heading, Link as ThemeLink, ScrollArea, Skeleton, Table, Text } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { usePayment, type ImportFinding, type ImportSummary } from '../../api/payments';
import { formatAmount, formatDate } from '../../lib/format';
import { findingAmount, findingsByLine, importSummaryHint, importSummaryLines, importSummaryNotice, type SummaryTone } from './import-summary';

type TextColor = ComponentProps<typeof Text>['color'];

const TONE_COLORS: Readonly<Record<SummaryTone, TextColor>> = {
  neutral: undefined,
  good: 'green',
  attention: 'amber',
  muted: 'gray',
};

const SEVERITY_BADGES: Readonly<Record<ImportFinding['severity'], { label: string; color: 'red' | 'amber' | 'gray' }>> = {
  error: { label: 'Fel', color: 'red' },
  warning: { label: 'Varning', color: 'amber' },
  info: { label: 'Info', color: 'gray' },
};

export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const notice = importSummaryNotice(summary);
  const findings = findingsByLine(summary.errors);
  const hasAmounts = findings.some((finding) => finding.amount !== undefined);
  const hint = importSummaryHint(summary);
  return (
    <Box>
      {notice ? (
        <Callout.Root color={summary.duplicate_file ? 'amber' : 'blue'} variant="surface" mb="4" role="status">
          <Callout.Icon>{summary.duplicate_file ? <ExclamationTriangleIcon /> : <InfoCircledIcon />}</Callout.Icon>
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      ) : (
        <Callout.Root color="green" variant="surface" mb="4" role="status">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>Filen {summary.file_name} är inläst.</Callout.Text>
        </Callout.Root>
      )}
      <DataList.Root size="2" aria-label="Sammanfattning av importen">
        {importSummaryLines(summary).map((line) => (
          <DataList.Item key={line.label}>
            <DataList.Label minWidth="240px">{line.label}</DataList.Label>
            <DataList.Value>
              <Text weight={line.tone === 'neutral' ? 'regular' : 'medium'} color={TONE_COLORS[line.tone]}>
                {line.value}
              </Text>
            </DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
      {hint ? (
        <Text as="p" size="2" color="amber" mt="3">
          {hint}
        </Text>
      ) : null}
      {findings.length > 0 ? (
        <Box mt="5">
          <Heading as="h3" size="3" mb="2">
            Fel och varningar per rad
          </Heading>
          <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 240 }}>
            <Table.Root size="1" variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell width="64px">Rad</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell width="96px">Typ</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Meddelande</Table.ColumnHeaderCell>
                  {hasAmounts ? <Table.ColumnHeaderCell justify="end">Belopp</Table.ColumnHeaderCell> : null}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {findings.map((finding, index) => {
                  const badge = SEVERITY_BADGES[finding.severity] ?? SEVERITY_BADGES.info;
                  return (
                    <Table.Row key={`${finding.line ?? 'file'}-${finding.code}-${index}`}>
                      <Table.RowHeaderCell>{finding.line ?? '–'}</Table.RowHeaderCell>
                      <Table.Cell>
                        <Badge size="1" variant="soft" color={badge.color}>
                          {badge.label}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell>
                        {finding.message}
                        {finding.payment_id ? <ReversedPayment paymentId={finding.payment_id} /> : null}
                      </Table.Cell>
                      {hasAmounts ? (
                        <Table.Cell justify="end" className="nowrap">
                          <Text weight="medium">{findingAmount(finding) ?? ''}</Text>
                        </Table.Cell>
                      ) : null}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </ScrollArea>
        </Box>
      ) : null}
    </Box>
  );
}

/** The booked payment a reversal takes back, with a link to its page (where it can be followed up). */
function ReversedPayment({ paymentId }: { paymentId: string }) {
  const { data: payment, error } = usePayment(paymentId);
  const href = `/payments/${encodeURIComponent(paymentId)}`;
  if (!payment && !error) return <Skeleton mt="1" height="20px" width="240px" />;
  const facts = payment
    ? [formatDate(payment.paid_at), formatAmount(payment.amount), payment.ocr ? `OCR ${payment.ocr}` : payment.reference, payment.payer_name]
    : [];
  return (
    <Flex mt="1" gap="2" align="center" wrap="wrap">
      {facts.length > 0 ? (
        <Text size="1" color="gray">
          Återför inbetalning {facts.filter(Boolean).join(' · ')}
        </Text>
      ) : null}
      <ThemeLink asChild size="1">
        <Link href={href}>Visa inbetalningen</Link>
      </ThemeLink>
    </Flex>
  );
}
