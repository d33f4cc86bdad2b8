import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/organisation: the page arrives with its feature; until then it says what it will hold. */
export function OrganisationPage() {
  return (
    <ComingSoonPage
      title="Organisation"
      description="Organisationens uppgifter."
      features={[
        'Namn, organisationsnummer och adress',
        'Uppladdning av logotyp',
      ]}
    />
  );
}
