// The cases a payment may belong to (at most 10, best first), each with why it matched.
import { Badge, Flex, RadioCards, Text } from '@radix-ui/themes';
import type { PaymentCandidate } from '../../api/payments';
import { formatAmount } from '../../lib/format';
import { matchReasonLabel } from './payment-labels';

export interface CandidateListProps {
  candidates: PaymentCandidate[];
  selectedCaseId: string | null;
  onSelect(candidate: PaymentCandidate): void;
}

export function CandidateList({ candidates, selectedCaseId, onSelect }: CandidateListProps) {
  return (
    <RadioCards.Root
      columns="1"
      size="1"
      gap="2"
      value={selectedCaseId ?? ''}
      aria-label="Matchande ärenden"
      onValueChange={(caseId) => {
        const candidate = candidates.find((item) => item.case_id === caseId);
        if (candidate) onSelect(candidate);
      }}
    >
      {candidates.map((candidate) => (
        <RadioCards.Item key={candidate.case_id} value={candidate.case_id} aria-label={`Ärende ${candidate.reference_no}`}>
          <Flex justify="between" align="start" gap="4" width="100%">
            <Flex direction="column" gap="1" minWidth="0">
              <Text weight="bold">{candidate.reference_no}</Text>
              <Text size="1" color="gray" truncate>
                {candidate.creditor_name} → {candidate.party_name}
              </Text>
              <Flex gap="1" wrap="wrap" mt="1">
                {candidate.reasons.map((reason) => (
                  <Badge key={reason} size="1" variant="soft" color={reason === 'amount' ? 'gray' : 'indigo'}>
                    {matchReasonLabel(reason)}
                  </Badge>
                ))}
              </Flex>
            </Flex>
            <Flex direction="column" align="end" flexShrink="0">
              <Text size="1" color="gray">
                Utestående
              </Text>
              <Text weight="medium" className="nowrap">
                {formatAmount(candidate.total_outstanding)}
              </Text>
            </Flex>
          </Flex>
        </RadioCards.Item>
      ))}
    </RadioCards.Root>
  );
}
