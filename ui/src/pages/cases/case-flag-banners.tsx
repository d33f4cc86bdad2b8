// The rule-flag banners of a case (spec part 1 §2): one Callout per unresolved flag, coloured by
// level, each with 'Lös' ('Flagga löst'; a failure says 'Fel').
import { Box, Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useCaseMutations } from '../../api/cases';
import { FLAG_LEVEL_LABELS, type CaseFlag } from '../../api/case-types';
import { useToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { FLAG_COLORS, FLAG_ICONS } from './case-badges';

export function CaseFlagBanners({ caseId, flags, canResolve }: { caseId: string; flags: CaseFlag[]; canResolve: boolean }) {
  if (flags.length === 0) return null;
  return (
    <Flex direction="column" gap="2" mb="5" role="region" aria-label="Regelflaggor">
      {flags.map((flag) => (
        <FlagBanner key={flag.id} caseId={caseId} flag={flag} canResolve={canResolve} />
      ))}
    </Flex>
  );
}

function FlagBanner({ caseId, flag, canResolve }: { caseId: string; flag: CaseFlag; canResolve: boolean }) {
  const { resolveFlag } = useCaseMutations();
  const { toast } = useToast();
  const [isResolving, setIsResolving] = useState(false);
  const Icon = FLAG_ICONS[flag.level];

  const resolve = async () => {
    setIsResolving(true);
    try {
      await resolveFlag(caseId, flag.id);
      toast({ title: 'Flagga löst', description: flag.message, variant: 'success' });
    } catch (resolveError) {
      toast({ title: 'Fel', description: (resolveError as Error).message, variant: 'destructive' });
      setIsResolving(false);
    }
  };

  return (
    <Callout.Root
      color={FLAG_COLORS[flag.level]}
      variant="surface"
      className="flag-callout"
      data-flag-level={flag.level}
      role={flag.level === 'block' ? 'alert' : 'status'}
    >
      <Callout.Icon>
        <Icon />
      </Callout.Icon>
      <Flex align="center" justify="between" gap="4">
        <Box minWidth="0">
          <Text as="p" size="2" weight="bold">
            {FLAG_LEVEL_LABELS[flag.level]}: {flag.message}
          </Text>
          <Text as="p" size="1" color="gray">
            Regel {flag.rule_code} · flaggad {formatDateTime(flag.created_at)}
          </Text>
        </Box>
        {canResolve ? (
          <Button
            size="1"
            variant="soft"
            color={FLAG_COLORS[flag.level]}
            loading={isResolving}
            onClick={() => void resolve()}
            aria-label={`Lös flaggan ${flag.rule_code}`}
          >
            Lös
          </Button>
        ) : null}
      </Flex>
    </Callout.Root>
  );
}
