import { ComingSoonPage } from '../../components/coming-soon';
import { PortalLayout } from './portal-layout';

/** /portal/login: BankID sign-in for debtors (spec part 2 §2 Debtor portal). */
export function PortalLoginPage() {
  return (
    <PortalLayout>
      <ComingSoonPage
        title="Logga in med BankID"
        description="För dig som har ett ärende hos oss."
        features={['Ange ditt personnummer (YYYYMMDDXXXX) och starta BankID', 'Inloggningen är säker – banken verifierar din identitet']}
      />
    </PortalLayout>
  );
}

/** /portal: the debtor's cases. */
export function PortalCasesPage() {
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
