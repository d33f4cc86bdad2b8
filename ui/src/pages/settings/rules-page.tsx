// /settings/rules 'Regelmotor' (spec part 1 §5, part 2 §2, §5, §7, §8): the organisation's rules
// by severity, the active toggle ('Regel uppdaterad') and the editor ('Regel sparad').
import { MixerHorizontalIcon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useRules, type Rule } from '../../api/rules';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorToast } from '../../components/toast';
import { formatCount } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { RuleDialog } from './rule-dialog';
import { RulesTable } from './rules-table';

type DialogState = { mode: 'create' } | { mode: 'edit'; rule: Rule } | null;

export function RulesPage() {
  const canWrite = useCan('rules.write');
  const { data, error, mutate } = useRules();
  const [dialog, setDialog] = useState<DialogState>(null);
  useErrorToast(error, 'Fel vid laddning');

  const openCreate = () => setDialog({ mode: 'create' });
  const activeCount = data?.items.filter((rule) => rule.is_active).length ?? 0;

  return (
    <>
      <PageHeader
        title="Regelmotor"
        description="Regler som kontrolleras innan åtgärder i ärenden. Blockerande regler stoppar åtgärden; varningar och info flaggar ärendet."
        actions={
          canWrite ? (
            <Button onClick={openCreate} disabled={!data}>
              <PlusIcon /> Ny regel
            </Button>
          ) : null
        }
      />

      {error && !data ? (
        <ErrorState message={error.message} onRetry={() => void mutate()} />
      ) : data && data.items.length === 0 ? (
        <Box className="list-empty">
          <EmptyState
            icon={<MixerHorizontalIcon width="22" height="22" />}
            title="Inga regler ännu"
            description="Regler kontrolleras innan avgifter läggs till, meddelanden skickas och ärenden eskaleras till Kronofogden."
            action={
              canWrite ? (
                <Button onClick={openCreate}>
                  <PlusIcon /> Ny regel
                </Button>
              ) : undefined
            }
          />
        </Box>
      ) : (
        <>
          {data ? (
            <Flex justify="between" align="center" mb="3" wrap="wrap" gap="2">
              <Text size="2" color="gray">
                {formatCount(data.items.length)} regler · {formatCount(activeCount)} aktiva
              </Text>
              {!canWrite ? (
                <Text size="2" color="gray">
                  Endast administratörer kan ändra regler.
                </Text>
              ) : null}
            </Flex>
          ) : null}
          <RulesTable list={data} canWrite={canWrite} onEdit={(rule) => setDialog({ mode: 'edit', rule })} />
        </>
      )}

      {data ? (
        <RuleDialog
          open={dialog !== null}
          rule={dialog?.mode === 'edit' ? dialog.rule : null}
          ruleTypes={data.rule_types}
          actions={data.actions}
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
        />
      ) : null}
    </>
  );
}
