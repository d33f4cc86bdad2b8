import { ComingSoonPage } from '../../components/coming-soon';

/** /customers: the page arrives with its feature; until then it says what it will hold. */
export function CustomersPage() {
  return (
    <ComingSoonPage
      title="Kunder (Borgenärer)"
      description="Borgenärer som organisationen driver ärenden för."
      features={[
        'Lista över borgenärer med organisationsnummer, kundnummer och status',
        'Skapa ny kund – sök på organisationsnummer för att fylla i företagsuppgifterna',
        'Kontaktperson med namn, e-post och telefon',
      ]}
    />
  );
}
