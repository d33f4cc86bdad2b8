// /ledger 'Huvudbok & Journal' (spec part 2 §2): tabs Journaler and Kontoplan, and the trial
// balance (Råbalans) with its CSV and SIE exports. Finance and admin only (ledger.read).
import { Tabs } from '@radix-ui/themes';
import { useState } from 'react';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/permissions';
import { AccountsTab } from './accounts-tab';
import { JournalsTab } from './journals-tab';
import { TrialBalanceTab } from './trial-balance-tab';

type LedgerTab = 'journals' | 'accounts' | 'trial-balance';

export function LedgerPage() {
  const canRead = useCan('ledger.read');
  const [tab, setTab] = useState<LedgerTab>('journals');

  return (
    <>
      <PageHeader title="Huvudbok & Journal" description="Verifikationer, kontoplan och råbalans. Varje verifikation balanserar: debet är lika med kredit." />
      {canRead ? (
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as LedgerTab)}>
          <Tabs.List mb="4">
            <Tabs.Trigger value="journals">Journaler</Tabs.Trigger>
            <Tabs.Trigger value="accounts">Kontoplan</Tabs.Trigger>
            <Tabs.Trigger value="trial-balance">Råbalans</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="journals">
            <JournalsTab />
          </Tabs.Content>
          <Tabs.Content value="accounts">
            <AccountsTab />
          </Tabs.Content>
          <Tabs.Content value="trial-balance">
            <TrialBalanceTab />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <NoAccess description="Huvudboken visas för roller med Ekonomi- eller administratörsbehörighet." />
      )}
    </>
  );
}
