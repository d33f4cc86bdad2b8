import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/system-validation: the page arrives with its feature; until then it says what it will hold. */
export function SystemValidationPage() {
  return (
    <ComingSoonPage
      title="Systemvalidering"
      description="Kontroll av organisationens data och inställningar."
      features={[
        "Automatisk validering när sidan öppnas, och knappen 'Kör validering'",
        'Sammanfattning: andel klart, godkända, varningar och fel',
        'Resultat per modul i flikar',
        'Exportera rapporten som JSON-fil',
      ]}
    />
  );
}
