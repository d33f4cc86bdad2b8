import { InfoCircledIcon } from '@radix-ui/react-icons';
import { Callout, Flex } from '@radix-ui/themes';
import { useEffect } from 'react';
import { useOrganisation } from '../../api/organisation';
import { PageHeader } from '../../components/page-header';
import { useDisplayName } from '../../components/user-menu';
import { useAuth } from '../../lib/auth';
import { OnboardingChecklist } from './onboarding-checklist';
import { SummaryTiles } from './summary-tiles';
import { WelcomeCard } from './welcome-card';

export function DashboardPage() {
  const { currentOrg } = useAuth();
  const name = useDisplayName();
  const organisation = useOrganisation();

  // Spec part 1 §8: a failed organisation load is only logged.
  useEffect(() => {
    if (organisation.error) console.error('Kunde inte ladda organisationen', organisation.error);
  }, [organisation.error]);

  const orgName = organisation.data?.name ?? currentOrg?.org_name;
  const orgNo = organisation.data?.org_no;

  return (
    <>
      <PageHeader title="Översikt" description={orgName ? `${orgName}${orgNo ? ` · Org.nr ${orgNo}` : ''}` : 'Välkommen till Fordran'} />
      <Flex direction="column" gap="5">
        {currentOrg ? (
          <>
            <OnboardingChecklist key={currentOrg.org_id} />
            <SummaryTiles />
          </>
        ) : (
          <Callout.Root color="amber" variant="surface">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>Du är inte medlem i någon organisation ännu. Be en administratör om en inbjudan.</Callout.Text>
          </Callout.Root>
        )}
        <WelcomeCard name={name} />
      </Flex>
    </>
  );
}
