// /finance 'Ekonomi' (spec part 2 §2: fee catalogue and interest profiles), plus the Riksbank
// reference rates the dröjsmålsränta follows. Admin and finance change fees and profiles; every
// staff member reads them.
import { Tabs, Box, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/permissions';
import { FeeCatalogueSection } from './fee-catalogue-section';
import { InterestProfilesSection } from './interest-profiles-section';
import { ReferenceRatesSection } from './reference-rates-section';

type FinanceTab = 'fees' | 'interest' | 'reference-rates';

export function FinancePage() {
  const canWrite = useCan('finance.settings');
  const [tab, setTab] = useState<FinanceTab>('fees');
  return (
    <>
      <PageHeader
        title="Ekonomi"
        description="Avgifter och räntor som används i ärendena."
        actions={
          canWrite ? null : (
            <Text size="2" color="gray">
              Endast administratörer och ekonomi kan ändra avgifter och räntor.
            </Text>
          )
        }
      />
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as FinanceTab)}>
        <Tabs.List>
          <Tabs.Trigger value="fees">Avgiftskatalog</Tabs.Trigger>
          <Tabs.Trigger value="interest">Ränteprofiler</Tabs.Trigger>
          <Tabs.Trigger value="reference-rates">Referensräntor</Tabs.Trigger>
        </Tabs.List>
        <Box pt="5">
          <Tabs.Content value="fees">
            <FeeCatalogueSection canWrite={canWrite} />
          </Tabs.Content>
          <Tabs.Content value="interest">
            <InterestProfilesSection canWrite={canWrite} />
          </Tabs.Content>
          <Tabs.Content value="reference-rates">
            <ReferenceRatesSection />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </>
  );
}
