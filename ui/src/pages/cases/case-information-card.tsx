// The Information card of a case: the claim, the parties (links to their pages for staff who may
// read them) and the references a debtor pays with.
import { Card, DataList, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MANDATE_TYPE_LABELS, type CaseDetail } from '../../api/case-types';
import { PARTY_TYPE_LABELS } from '../../api/parties';
import { DetailItem } from '../../components/detail-item';
import { formatDate, formatDateTime, formatNationalId } from '../../lib/format';
import { useCan } from '../../lib/permissions';

export function CaseInformationCard({ detail }: { detail: CaseDetail }) {
  const { claim, creditor, party } = detail;
  const partyId = party.type === 'person' ? (party.national_id ? formatNationalId(party.national_id) : null) : party.org_no;
  const partyContact = [party.email, party.phone].filter(Boolean).join(' · ');
  const canReadCreditors = useCan('creditors.read');
  const canReadParties = useCan('parties.read');
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="4">
        Information
      </Heading>
      <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }} size="2">
        <DetailItem label="Fordringsreferens">{claim.reference_no}</DetailItem>
        <DetailItem label="Förfallodatum">{formatDate(claim.due_date)}</DetailItem>
        <DetailItem label="Avtalstyp">{claim.contract_type}</DetailItem>
        <DetailItem label="Uppdragstyp">{MANDATE_TYPE_LABELS[detail.mandate_type] ?? detail.mandate_type}</DetailItem>
        <DetailItem label="Borgenär">
          <Lines
            main={canReadCreditors ? <PageLink href={`/customers/${encodeURIComponent(creditor.id)}`}>{creditor.name}</PageLink> : creditor.name}
            sub={creditor.org_no}
          />
        </DetailItem>
        {detail.legal_creditor ? <DetailItem label="Rättslig borgenär">{detail.legal_creditor.name}</DetailItem> : null}
        {detail.agent_creditor ? <DetailItem label="Ombud">{detail.agent_creditor.name}</DetailItem> : null}
        <DetailItem label="Gäldenär">
          <Lines
            main={
              <>
                {canReadParties ? <PageLink href={`/parties/${encodeURIComponent(party.id)}`}>{party.name}</PageLink> : party.name} ·{' '}
                {PARTY_TYPE_LABELS[party.type]}
              </>
            }
            sub={[partyId, partyContact].filter(Boolean).join(' · ')}
          />
        </DetailItem>
        <DetailItem label="Handläggare">{detail.handler?.name ?? null}</DetailItem>
        <DetailItem label="OCR-referens">{detail.ocr_reference}</DetailItem>
        <DetailItem label="Meddelandereferens">{detail.message_reference}</DetailItem>
        <DetailItem label="Påminnelseavgift">{claim.reminder_fee_agreed ? 'Avtalad' : 'Inte avtalad'}</DetailItem>
        <DetailItem label="Skapad">{formatDateTime(detail.created_at)}</DetailItem>
        {detail.closed_at ? <DetailItem label="Stängd">{formatDateTime(detail.closed_at)}</DetailItem> : null}
        <DetailItem label="Anteckningar">{claim.notes ? <Text className="pre-line">{claim.notes}</Text> : null}</DetailItem>
      </DataList.Root>
    </Card>
  );
}

function PageLink({ href, children }: { href: string; children: string }) {
  return (
    <ThemeLink asChild>
      <Link href={href}>{children}</Link>
    </ThemeLink>
  );
}

function Lines({ main, sub }: { main: ReactNode; sub: string | null }) {
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
