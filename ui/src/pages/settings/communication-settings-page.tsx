import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/communication: the page arrives with its feature; until then it says what it will hold. */
export function CommunicationSettingsPage() {
  return (
    <ComingSoonPage
      title="Kommunikationsinställningar"
      description="Leverantörer och inställningar per kanal."
      features={[
        'Flikarna E-post, SMS, Kivra och Brev',
        'Leverantör, inloggningsuppgifter och sandlådeläge per kanal',
        'Avsändarnamn för SMS (högst 11 bokstäver)',
      ]}
    />
  );
}
