import { ComingSoonPage } from '../../components/coming-soon';

/** /lawsuits/create: the page arrives with its feature; until then it says what it will hold. */
export function CreateLawsuitPage() {
  return (
    <ComingSoonPage
      title="Ny stämning"
      description="Starta ett tvistemål utifrån ett ärende."
      back={{ href: '/lawsuits', label: 'Tillbaka till tvistemål' }}
      features={['Välj ärende och spår: förenklat tvistemål (FT) eller ordinärt mål (ORD)', 'Domstolsavgift, inlämningsdatum och anteckningar']}
    />
  );
}
