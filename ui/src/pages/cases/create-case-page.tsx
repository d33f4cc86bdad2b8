import { ComingSoonPage } from '../../components/coming-soon';

/** /cases/create: the page arrives with its feature; until then it says what it will hold. */
export function CreateCasePage() {
  return (
    <ComingSoonPage
      title="Skapa ärende"
      description="Registrera en ny fordran i tre steg."
      back={{ href: '/cases', label: 'Tillbaka till ärenden' }}
      features={[
        'Steg 1: välj borgenär (endast aktiva)',
        'Steg 2: välj gäldenär (endast aktiva)',
        'Steg 3: registrera fordran med referensnummer, kapitalbelopp, förfallodatum, avtalstyp och anteckningar',
        'Ärendet skapas som utkast i steget Intag',
      ]}
    />
  );
}
