import { ComingSoonPage } from '../../components/coming-soon';

/** /communication: the page arrives with its feature; until then it says what it will hold. */
export function CommunicationPage() {
  return (
    <ComingSoonPage
      title="Kommunikationsmallar"
      description="Mallar för brev, e-post, SMS och Kivra."
      features={[
        'Lista över kommunikationsmallar per kanal',
        'Skapa nya mallar med variabler som gäldenärens namn, belopp och förfallodatum',
        'Förhandsgranska en mall innan den används',
      ]}
    />
  );
}
