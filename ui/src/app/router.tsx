// Routes exactly as the route table of spec part 2 §2.
import { ExitIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Button, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AppShell } from '../components/app-shell';
import { ErrorState } from '../components/error-state';
import { FullPageLoading } from '../components/loading-state';
import { useAuth } from '../lib/auth';
import { AuthPage } from '../pages/auth/auth-page';
import { BankReconciliationPage } from '../pages/bank-reconciliation/bank-reconciliation-page';
import { CaseDetailPage } from '../pages/cases/case-detail-page';
import { CasesPage } from '../pages/cases/cases-page';
import { CreateCasePage } from '../pages/cases/create-case-page';
import { CommunicationPage } from '../pages/communication/communication-page';
import { CustomerDetailPage, CustomersPage } from '../pages/customers/customers-page';
import { DashboardPage } from '../pages/dashboard/dashboard-page';
import { FinancePage } from '../pages/finance/finance-page';
import { KfmPage } from '../pages/kfm/kfm-page';
import { KfmDetailPage } from '../pages/kfm/kfm-detail-page';
import { CreateLawsuitPage } from '../pages/lawsuits/create-lawsuit-page';
import { LawsuitDetailPage } from '../pages/lawsuits/lawsuit-detail-page';
import { LawsuitsPage } from '../pages/lawsuits/lawsuits-page';
import { LedgerPage } from '../pages/ledger/ledger-page';
import { MessagesPage } from '../pages/messages/messages-page';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import { NotificationsPage } from '../pages/notifications/notifications-page';
import { PartiesPage, PartyDetailPage } from '../pages/parties/parties-page';
import { PaymentDetailPage } from '../pages/payments/payment-detail-page';
import { PaymentsPage } from '../pages/payments/payments-page';
import { PortalCasePage, PortalCasesPage, PortalLoginPage } from '../pages/portal/portal-pages';
import { UnsubscribePage } from '../pages/public/unsubscribe-page';
import { ReportsPage } from '../pages/reports/reports-page';
import { AuditLogPage } from '../pages/settings/audit-log-page';
import { CommunicationSettingsPage } from '../pages/settings/communication-settings-page';
import { DataPolicyPage } from '../pages/settings/data-policy-page';
import { DemoPage } from '../pages/settings/demo-page';
import { IntegrationsPage } from '../pages/settings/integrations-page';
import { OptOutPage } from '../pages/settings/opt-out-page';
import { OrganisationPage } from '../pages/settings/organisation-page';
import { PermissionsPage } from '../pages/settings/permissions-page';
import { RulesPage } from '../pages/settings/rules-page';
import { SystemValidationPage } from '../pages/settings/system-validation-page';
import { TemplateQaPage } from '../pages/settings/template-qa-page';
import { TemplatesPage } from '../pages/settings/templates-page';

export function AppRouter() {
  return (
    <Switch>
      <Route path="/auth" component={AuthPage} />
      <Route path="/portal/login" component={PortalLoginPage} />
      <Route path="/portal" component={PortalCasesPage} />
      <Route path="/portal/case/:id" component={PortalCasePage} />
      {/* The unsubscribe link of an e-mail or SMS: public, no sign-in. */}
      <Route path="/avregistrera/:token">{(params) => <UnsubscribePage token={params.token} />}</Route>
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      {/* Onboarding links of spec part 1 §2 that differ from the route table. */}
      <Route path="/settings/communication-settings">
        <Redirect to="/settings/communication" replace />
      </Route>
      <Route path="/create-case">
        <Redirect to="/cases/create" replace />
      </Route>
      <Route>
        <RequireAuth>
          <AppShell>
            <StaffRoutes />
          </AppShell>
        </RequireAuth>
      </Route>
    </Switch>
  );
}

/** Everything inside the staff shell; anything unknown is the 404 page. */
function StaffRoutes() {
  return (
    <Switch>
      <Route path="/dashboard" component={DashboardPage} />
      <Route path="/messages" component={MessagesPage} />
      <Route path="/notifications" component={NotificationsPage} />
      <Route path="/cases" component={CasesPage} />
      <Route path="/cases/create" component={CreateCasePage} />
      <Route path="/cases/:id">{(params) => <CaseDetailPage key={params.id} caseId={params.id} />}</Route>
      <Route path="/customers" component={CustomersPage} />
      <Route path="/customers/:id">{(params) => <CustomerDetailPage key={params.id} creditorId={params.id} />}</Route>
      <Route path="/parties" component={PartiesPage} />
      <Route path="/parties/:id">{(params) => <PartyDetailPage key={params.id} partyId={params.id} />}</Route>
      <Route path="/communication" component={CommunicationPage} />
      <Route path="/finance" component={FinancePage} />
      <Route path="/payments" component={PaymentsPage} />
      <Route path="/payments/:id">{(params) => <PaymentDetailPage key={params.id} paymentId={params.id} />}</Route>
      <Route path="/ledger" component={LedgerPage} />
      <Route path="/bank-reconciliation" component={BankReconciliationPage} />
      <Route path="/kfm" component={KfmPage} />
      <Route path="/kfm/:id">{(params) => <KfmDetailPage key={params.id} kfmCaseId={params.id} />}</Route>
      <Route path="/lawsuits" component={LawsuitsPage} />
      <Route path="/lawsuits/create" component={CreateLawsuitPage} />
      <Route path="/lawsuits/:id">{(params) => <LawsuitDetailPage key={params.id} lawsuitId={params.id} />}</Route>
      <Route path="/reports" component={ReportsPage} />
      <Route path="/settings/organisation" component={OrganisationPage} />
      <Route path="/settings/permissions" component={PermissionsPage} />
      <Route path="/settings/integrations" component={IntegrationsPage} />
      <Route path="/settings/templates" component={TemplatesPage} />
      <Route path="/settings/template-qa" component={TemplateQaPage} />
      <Route path="/settings/demo" component={DemoPage} />
      <Route path="/settings/rules" component={RulesPage} />
      <Route path="/settings/data-policy" component={DataPolicyPage} />
      <Route path="/settings/audit-log" component={AuditLogPage} />
      <Route path="/settings/communication" component={CommunicationSettingsPage} />
      <Route path="/settings/opt-out" component={OptOutPage} />
      <Route path="/settings/system-validation" component={SystemValidationPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** Staff routes need a full session: otherwise /auth; while it loads, 'Laddar...'. */
function RequireAuth({ children }: { children: ReactNode }) {
  const { session, needsMfa, loading, isAuthenticated, loadError, retry, signOut } = useAuth();
  if (loading) return <FullPageLoading />;
  if (!session || needsMfa) return <Redirect to="/auth" replace />;
  if (loadError) {
    return (
      <Flex className="full-page" align="center" justify="center" p="4">
        <Flex direction="column" gap="3" maxWidth="480px" width="100%">
          <ErrorState message={loadError.message} />
          <Flex gap="2" justify="end">
            <Button variant="soft" color="gray" onClick={() => void signOut()}>
              <ExitIcon /> Logga ut
            </Button>
            <Button onClick={retry}>
              <ReloadIcon /> Försök igen
            </Button>
          </Flex>
        </Flex>
      </Flex>
    );
  }
  if (!isAuthenticated) return <FullPageLoading />;
  return <>{children}</>;
}
