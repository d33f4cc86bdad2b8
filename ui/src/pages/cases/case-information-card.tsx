// The Information card of a case: the claim, the parties and the references a debtor pays with.
import { Card, DataList, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { MANDATE_TYPE_LABELS, type CaseDetail } from '../../api/case-types';
import { PARTY_TYPE_LABELS } from '../../api/parties';
import { formatDate, formatDateTime, formatNationalId } from '../../lib/format';

export function CaseInformationCard({ detail }: { detail: CaseDetail }) {
  const { claim, creditor, party } = detail;
  const partyId = party.type === 'person' ? (party.national_id ? formatNationalId(party.national_id) : null) : party.org_no;
  const partyContact = [party.email, party.phone].filter(Boolean).join(' · ');
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="4">
        Information
      </Heading>
      <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }} size="2">
        <Item label="Fordringsreferens">{claim.reference_no}</Item>
        <Item label="Förfallodatum">{formatDate(claim.due_date)}</Item>
        <Item label="Avtalstyp">{claim.contract_type}</Item>
        <Item label="Uppdragstyp">{MANDATE_TYPE_LABELS[detail.mandate_type] ?? detail.mandate_type}</Item>
        <Item label="Borgenär">
          <Lines main={creditor.name} sub={creditor.org_no} />
        </Item>
        {detail.legal_creditor ? <Item label="Rättslig borgenär">{detail.legal_creditor.name}</Item> : null}
        {detail.agent_creditor ? <Item label="Ombud">{detail.agent_creditor.name}</Item> : null}
        <Item label="Gäldenär">
          <Lines main={`${party.name} · ${PARTY_TYPE_LABELS[party.type]}`} sub={[partyId, partyContact].filter(Boolean).join(' · ')} />
        </Item>
        <Item label="Handläggare">{detail.handler?.name ?? null}</Item>
        <Item label="OCR-referens">{detail.ocr_reference}</Item>
        <Item label="Meddelandereferens">{detail.message_reference}</Item>
        <Item label="Påminnelseavgift">{claim.reminder_fee_agreed ? 'Avtalad' : 'Inte avtalad'}</Item>
        <Item label="Skapad">{formatDateTime(detail.created_at)}</Item>
        {detail.closed_at ? <Item label="Stängd">{formatDateTime(detail.closed_at)}</Item> : null}
        <Item label="Anteckningar">{claim.notes ? <Text className="pre-line">{claim.notes}</Text> : null}</Item>
      </DataList.Root>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="120px">{label}</DataList.Label>
      <DataList.Value>{children ?? <Text color="gray">–</Text>}</DataList.Value>
    </DataList.Item>
  );
}

function Lines({ main, sub }: { main: string; sub: string | null }) {
  return (
    <span>
      <Text as="div">{main}</Text>
      {sub ? (
        <Text as="div" size="1" color="gray">
          {sub}
        </Text>
      ) : null}
    </span>
  );
}
