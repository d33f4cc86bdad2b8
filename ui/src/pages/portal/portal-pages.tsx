import { Redirect } from 'wouter';
import { ComingSoonPage } from '../../components/coming-soon';
import { readPortalSession } from '../../api/portal';
import { PortalLayout } from './portal-layout';

/** /portal: the debtor's cases. */
export function PortalCasesPage() {
  // Spec part 2 §2: without a session the list sends the debtor to sign in.
  if (!readPortalSession()) return <Redirect to="/portal/login" replace />;
  return (
    <PortalLayout>
      <ComingSoonPage
        title="Mina ärenden"
        description="Dina öppna ärenden."
        features={['Borgenär, referens och steg för varje ärende', 'Kapital, ränta, avgifter och belopp att betala', 'Kontaktuppgifter om du behöver hjälp']}
      />
    </PortalLayout>
  );
}

/** /portal/case/:id: one case for the debtor. */
export function PortalCasePage() {
  return (
    <PortalLayout>
      <ComingSoonPage
        title="Ärende"
        back={{ href: '/portal', label: 'Tillbaka till mina ärenden' }}
        features={[
          'Betala nu med Swish eller kort',
          'Föreslå en betalplan med 2–12 delbetalningar',
          'Lämna en invändning mot kravet',
          'Flikarna Detaljer, Historik och Dokument',
        ]}
      />
    </PortalLayout>
  );
}
