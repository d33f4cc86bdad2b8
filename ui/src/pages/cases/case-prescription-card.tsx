// The case's 'Preskription' card (issue 12, preskriptionslag 1981:130): the day the claim arose
// ('uppskattat' when estimated), the period, the day it is prescribed and the interruption that set
// it, every recorded interruption, and for those who change cases 'Registrera avbrott'.
import { PlusIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { CaseDetail, PrescriptionInterruption } from '../../api/case-types';
import { DetailItem } from '../../components/detail-item';
import { formatDate } from '../../lib/format';
import { PrescriptionInterruptionDialog } from './prescription-interruption-dialog';

/** A date kept on one line in the narrow card. */
function Day({ date }: { date: string }) {
  return (
    <Text as="span" wrap="nowrap">
      {formatDate(date)}
    </Text>
  );
}

function InterruptionText({ interruption }: { interruption: PrescriptionInterruption }) {
  return (
    <>
      {interruption.kind_label} <Day date={interruption.interrupted_on} />
    </>
  );
}

export function CasePrescriptionCard({ detail, canWrite }: { detail: CaseDetail; canWrite: boolean }) {
  const { claim, prescription } = detail;
  const [isDialogOpen, setDialogOpen] = useState(false);
  return (
    <Card size="3" asChild>
      <section aria-labelledby="case-prescription-heading">
        <Flex justify="between" align="center" mb="4" gap="3">
          <Heading as="h2" size="4" id="case-prescription-heading">
            Preskription
          </Heading>
          {prescription.level === 'block' ? (
            <Badge color="red">Preskriberad</Badge>
          ) : prescription.level === 'warning' ? (
            <Badge color="orange">Preskriberas snart</Badge>
          ) : null}
        </Flex>
        <DataList.Root orientation={{ initial: 'vertical', xs: 'horizontal' }} size="2">
          <DetailItem label="Fordran uppkom">
            <Flex gap="2" align="center">
              {formatDate(claim.arose_on)}
              {claim.arose_on_estimated ? (
                <Badge color="gray" variant="soft">
                  uppskattat
                </Badge>
              ) : null}
            </Flex>
          </DetailItem>
          <DetailItem label="Preskriptionstid">{`${prescription.years} år`}</DetailItem>
          <DetailItem label="Preskriberas">
            <span>
              <Text as="div" weight="medium" data-testid="prescribed-on">
                {formatDate(prescription.prescribed_on)}
              </Text>
              <Text as="div" size="1" color="gray">
                Sista dag för avbrott <Day date={prescription.last_day} />
              </Text>
            </span>
          </DetailItem>
          <DetailItem label="Räknas från">
            {prescription.set_by ? (
              <span>
                <Text as="div">
                  <InterruptionText interruption={prescription.set_by} />
                </Text>
                {prescription.set_by.reason ? (
                  <Text as="div" size="1" color="gray">
                    {prescription.set_by.reason}
                  </Text>
                ) : null}
              </span>
            ) : (
              'Dagen fordran uppkom'
            )}
          </DetailItem>
          <DetailItem label="Avbrott">
            {prescription.interruptions.length > 0 ? (
              <Flex direction="column" gap="1">
                {prescription.interruptions.map((interruption) => (
                  <Text key={interruption.id} size="2" color={interruption.id === prescription.set_by?.id ? undefined : 'gray'}>
                    <InterruptionText interruption={interruption} />
                    {interruption.created_by ? ` · ${interruption.created_by.name}` : ''}
                  </Text>
                ))}
              </Flex>
            ) : (
              <Text color="gray">Inga registrerade avbrott</Text>
            )}
          </DetailItem>
        </DataList.Root>
        {canWrite ? (
          <Flex justify="end" mt="4">
            <Button variant="soft" onClick={() => setDialogOpen(true)}>
              <PlusIcon /> Registrera avbrott
            </Button>
          </Flex>
        ) : null}
        {canWrite ? <PrescriptionInterruptionDialog caseId={detail.id} open={isDialogOpen} onOpenChange={setDialogOpen} /> : null}
      </section>
    </Card>
  );
}
