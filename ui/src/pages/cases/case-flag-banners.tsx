// The rule-flag banners of a case (spec part 1 §2): one Callout per unresolved flag, coloured by
// level, each with 'Lös' ('Flagga löst'; a failure says 'Fel'). A blocking flag (a dispute, a
// prescribed claim) is resolved only after a confirmation with a reason, kept in the timeline and
// the system log; warnings and infos are resolved at once.
import { Box, Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useCaseMutations } from '../../api/cases';
import { RULE_SEVERITY_LABELS, type CaseFlag } from '../../api/case-types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { FLAG_COLORS, FLAG_ICONS } from './case-badges';

export function CaseFlagBanners({ caseId, flags, canResolve }: { caseId: string; flags: CaseFlag[]; canResolve: boolean }) {
  const { resolveFlag } = useCaseMutations();
  const { toast } = useToast();
  const [resolving, setResolving] = useState<string | null>(null);
  // The flag being confirmed stays while the dialog closes (its banner is gone by then).
  const [confirming, setConfirming] = useState<CaseFlag | null>(null);
  const [isConfirmOpen, setConfirmOpen] = useState(false);

  /** Rejects on failure, so the confirmation stays open for another try. */
  const resolve = async (flag: CaseFlag, reason?: string) => {
    setResolving(flag.id);
    try {
      await resolveFlag(caseId, flag.id, reason);
      toast({ title: 'Flagga löst', description: flag.message, variant: 'success' });
    } catch (resolveError) {
      toast({ title: 'Fel', description: (resolveError as Error).message, variant: 'destructive' });
      throw resolveError;
    } finally {
      setResolving(null);
    }
  };

  const onResolve = (flag: CaseFlag) => {
    if (flag.level !== 'block') {
      void resolve(flag).catch(() => undefined);
      return;
    }
    setConfirming(flag);
    setConfirmOpen(true);
  };

  return (
    <>
      {flags.length > 0 ? (
        <Flex direction="column" gap="2" mb="5" role="region" aria-label="Regelflaggor">
          {flags.map((flag) => (
            <FlagBanner
              key={flag.id}
              flag={flag}
              canResolve={canResolve}
              isResolving={resolving === flag.id && !isConfirmOpen}
              onResolve={() => onResolve(flag)}
            />
          ))}
        </Flex>
      ) : null}
      {/* Outside the banners: the banner of a resolved flag unmounts, the dialog must not. */}
      <ConfirmDialog
        open={isConfirmOpen}
        title="Lös den blockerande flaggan?"
        description={`${confirming?.message ?? ''} Flaggan stoppar åtgärder på ärendet tills den är löst.`}
        confirmLabel="Lös flaggan"
        reason={{ missing: 'Ange varför flaggan löses', placeholder: 'T.ex. Invändningen utredd, fordran står fast' }}
        onConfirm={(reason) => (confirming ? resolve(confirming, reason) : Promise.resolve())}
        onOpenChange={setConfirmOpen}
      />
    </>
  );
}

interface FlagBannerProps {
  flag: CaseFlag;
  canResolve: boolean;
  isResolving: boolean;
  onResolve(): void;
}

function FlagBanner({ flag, canResolve, isResolving, onResolve }: FlagBannerProps) {
  const Icon = FLAG_ICONS[flag.level];
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
            {RULE_SEVERITY_LABELS[flag.level]}: {flag.message}
          </Text>
          <Text as="p" size="1" color="gray">
            Regel: {flag.rule_label} · flaggad {formatDateTime(flag.created_at)}
          </Text>
        </Box>
        {canResolve ? (
          <Button
            size="1"
            variant="soft"
            color={FLAG_COLORS[flag.level]}
            loading={isResolving}
            onClick={onResolve}
            aria-label={`Lös flaggan ${flag.rule_label}`}
          >
            Lös
          </Button>
        ) : null}
      </Flex>
    </Callout.Root>
  );
}
