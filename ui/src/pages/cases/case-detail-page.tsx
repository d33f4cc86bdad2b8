// /cases/{id} (spec part 1 §2, part 2 §3): header with claim reference, creditor → debtor, status
// and stage; the rule-flag banners; Ekonomi, Handläggning and Information cards; the tabs; and
// the actions 'Skicka meddelande', 'Lägg till avgift' and 'Beräkna ränta'. Unknown id: 'Ärende hittades inte'.
import { ArrowLeftIcon, ArrowRightIcon, ClockIcon, FileTextIcon, PaperPlaneIcon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useCase } from '../../api/cases';
import type { CaseDetail } from '../../api/case-types';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { useErrorToast } from '../../components/toast';
import { useCan } from '../../lib/permissions';
import { AddFeeDialog } from './add-fee-dialog';
import { CaseStageBadge, CaseStatusBadge } from './case-badges';
import { CaseEconomyCard } from './case-economy-card';
import { CaseFlagBanners } from './case-flag-banners';
import { CaseInformationCard } from './case-information-card';
import { CasePrescriptionCard } from './case-prescription-card';
import { CaseTabs } from './case-tabs';
import { CaseWorkflowCard } from './case-workflow-card';
import { InterestDialog } from './interest-dialog';
import { SendCommunicationDialog } from '../communication/send-communication-dialog';

export function CaseDetailPage({ caseId }: { caseId: string }) {
  const { data, error, mutate } = useCase(caseId);
  const isNotFound = error?.status === 404;
  useErrorToast(isNotFound ? undefined : error, 'Fel vid laddning');

  useEffect(() => {
    document.title = `${data ? `Ärende ${data.claim.reference_no}` : 'Ärende'} · Fordran`;
  }, [data]);

  if (isNotFound) return <CaseNotFound />;
  return (
    <>
      <BackLink />
      {error && !data ? <ErrorState message={error.message} onRetry={() => void mutate()} /> : data ? <CaseDetailView detail={data} /> : <CaseDetailSkeleton />}
    </>
  );
}

function BackLink() {
  return (
    <Button asChild variant="ghost" color="gray" size="1" mb="3">
      <Link href="/cases">
        <ArrowLeftIcon /> Tillbaka till ärenden
      </Link>
    </Button>
  );
}

function CaseDetailView({ detail }: { detail: CaseDetail }) {
  const canWrite = useCan('cases.write');
  const canCalculateInterest = useCan('cases.interest');
  const canSend = useCan('communications.send');
  const canSue = useCan('lawsuits.write');
  const [dialog, setDialog] = useState<'fee' | 'interest' | 'send' | null>(null);
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <Flex justify="between" align={{ initial: 'start', sm: 'end' }} gap="4" mb="5" direction={{ initial: 'column', sm: 'row' }} className="case-header">
        <Box minWidth="0">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h1" size="7" weight="bold">
              {detail.claim.reference_no}
            </Heading>
            <Flex gap="2" align="center">
              <CaseStatusBadge status={detail.status} size="2" />
              <CaseStageBadge stage={detail.stage} size="2" />
            </Flex>
          </Flex>
          <Flex align="center" gap="2" mt="2" wrap="wrap">
            <Text size="3" color="gray">
              {detail.creditor.name}
            </Text>
            <ArrowRightIcon aria-label="till" />
            <Text size="3" weight="medium">
              {detail.party.name}
            </Text>
          </Flex>
        </Box>
        {canWrite || canCalculateInterest || canSend || canSue ? (
          <Flex gap="2" wrap="wrap" flexShrink="0">
            {canSue && detail.status !== 'closed' ? (
              <Button asChild variant="soft">
                <Link href={`/lawsuits/create?case_id=${encodeURIComponent(detail.id)}`}>
                  <FileTextIcon /> Ny stämning
                </Link>
              </Button>
            ) : null}
            {canSend ? (
              <Button variant="soft" onClick={() => setDialog('send')}>
                <PaperPlaneIcon /> Skicka meddelande
              </Button>
            ) : null}
            {canCalculateInterest ? (
              <Button variant="soft" onClick={() => setDialog('interest')}>
                <ClockIcon /> Beräkna ränta
              </Button>
            ) : null}
            {canWrite ? (
              <Button onClick={() => setDialog('fee')}>
                <PlusIcon /> Lägg till avgift
              </Button>
            ) : null}
          </Flex>
        ) : null}
      </Flex>

      <CaseFlagBanners caseId={detail.id} flags={detail.flags} canResolve={canWrite} />

      <Box className="case-layout">
        <Flex direction="column" gap="4" minWidth="0">
          <CaseEconomyCard detail={detail} />
          <CaseTabs detail={detail} />
        </Flex>
        <Flex direction="column" gap="4" minWidth="0">
          {canWrite ? <CaseWorkflowCard detail={detail} /> : null}
          <CaseInformationCard detail={detail} />
          <CasePrescriptionCard detail={detail} canWrite={canWrite} />
        </Flex>
      </Box>

      {canWrite ? <AddFeeDialog detail={detail} open={dialog === 'fee'} onOpenChange={closeDialog} /> : null}
      {canCalculateInterest ? <InterestDialog caseId={detail.id} open={dialog === 'interest'} onOpenChange={closeDialog} /> : null}
      {canSend ? <SendCommunicationDialog caseId={detail.id} open={dialog === 'send'} onOpenChange={closeDialog} /> : null}
    </>
  );
}

function CaseNotFound() {
  return (
    <Box className="list-empty" mt="6">
      <EmptyState
        icon={<FileTextIcon width="22" height="22" />}
        title="Ärende hittades inte"
        description="Ärendet finns inte, eller så hör det till en annan organisation."
        action={
          <Button asChild>
            <Link href="/cases">
              <ArrowLeftIcon /> Tillbaka till ärenden
            </Link>
          </Button>
        }
      />
    </Box>
  );
}

function CaseDetailSkeleton() {
  return (
    <Box aria-busy aria-label="Laddar ärendet">
      <Skeleton height="36px" width="220px" />
      <Skeleton height="20px" width="320px" mt="3" mb="6" />
      <Box className="case-layout">
        <Flex direction="column" gap="4">
          <Card size="3">
            <Skeleton height="22px" width="100px" mb="4" />
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} height="16px" mb="3" />
            ))}
          </Card>
          <Card size="3">
            <Skeleton height="140px" />
          </Card>
        </Flex>
        <Card size="3">
          <Skeleton height="22px" width="120px" mb="4" />
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height="16px" mb="3" />
          ))}
        </Card>
      </Box>
    </Box>
  );
}
