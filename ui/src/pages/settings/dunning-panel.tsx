// The 'Kravplan' tab of /settings/communication: the organisation's plan and the creditors' own
// plans (each edited by an admin with the same step editor), and the runs.
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useDunningMutations, useDunningPlans } from '../../api/dunning';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { useErrorToast } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { CreditorPlans } from './creditor-dunning-plans';
import { DunningPlanEditor, DunningPlanTable } from './dunning-plan-editor';
import { DunningRunsCard } from './dunning-runs-card';

export function DunningPanel() {
  const { data, error, mutate } = useDunningPlans();
  const canEdit = useCan('dunning.plan');
  const { savePlan } = useDunningMutations();
  const [editing, setEditing] = useState(false);
  useErrorToast(error, 'Kunde inte läsa kravplanen');
  if (error && !data) return <ErrorState title="Kunde inte läsa kravplanen" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <LoadingState label="Laddar kravplanen..." />;
  return (
    <Flex direction="column" gap="5">
      <Card size="3">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" wrap="wrap" gap="3">
            <Heading as="h2" size="4">
              Kravplan
            </Heading>
            {canEdit && !editing ? <Button onClick={() => setEditing(true)}>Redigera</Button> : null}
          </Flex>
          <Text size="2" color="gray">
            Dagarna räknas från fordringens förfallodag; ett steg kommer aldrig tidigare efter steget före än planens eget avstånd. Avgifter tas ut bara där
            lagen tillåter: påminnelseavgift om den avtalats, inkassoavgift när inkassokravet har skickats. Senast ändrad{' '}
            {formatDateTime(data.organisation.updated_at)}.
          </Text>
          {editing ? (
            <DunningPlanEditor
              plans={data}
              from={data.organisation}
              label="Redigera kravplan"
              save={savePlan}
              savedText="Kravplan sparad"
              onDone={() => setEditing(false)}
            />
          ) : (
            <DunningPlanTable plan={data.organisation} />
          )}
          <CreditorPlans plans={data} />
        </Flex>
      </Card>
      <DunningRunsCard />
    </Flex>
  );
}
