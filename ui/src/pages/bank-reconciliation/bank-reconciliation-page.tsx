// /bank-reconciliation 'Bankavstämning' (spec part 2 §2): job queue status and the jobs that need
// someone (run again), tabs Bankutdrag (statements with reconciliation status and review) and
// Bankkonton. Finance and admin only.
import { Tabs } from '@radix-ui/themes';
import { useState } from 'react';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/permissions';
import { BankAccountsTab } from './bank-accounts-tab';
import { JobQueueCards } from './job-queue-cards';
import { JobsNeedingAttention } from './jobs-needing-attention';
import { StatementsTab } from './statements-tab';

type BankTab = 'statements' | 'accounts';

export function BankReconciliationPage() {
  const canRead = useCan('ledger.read');
  const [tab, setTab] = useState<BankTab>('statements');

  return (
    <>
      <PageHeader title="Bankavstämning" description="Stäm av kontoutdrag mot bokförda inbetalningar." />
      {canRead ? (
        <>
          <JobQueueCards />
          <JobsNeedingAttention />
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as BankTab)}>
            <Tabs.List mb="4">
              <Tabs.Trigger value="statements">Bankutdrag</Tabs.Trigger>
              <Tabs.Trigger value="accounts">Bankkonton</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="statements">
              <StatementsTab />
            </Tabs.Content>
            <Tabs.Content value="accounts">
              <BankAccountsTab />
            </Tabs.Content>
          </Tabs.Root>
        </>
      ) : (
        <NoAccess description="Bankavstämningen visas för roller med Ekonomi- eller administratörsbehörighet." />
      )}
    </>
  );
}
