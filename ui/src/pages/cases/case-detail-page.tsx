import { ComingSoonPage } from '../../components/coming-soon';

/** /cases/:id. The case reference is the first 8 characters of the id in upper case (spec part 1 §9). */
export function CaseDetailPage({ caseId }: { caseId: string }) {
  return (
    <ComingSoonPage
      title="Ärende"
      description={`Ärendereferens ${caseId.slice(0, 8).toUpperCase()}`}
      back={{ href: '/cases', label: 'Tillbaka till ärenden' }}
      features={[
        'Fordrans referensnummer, borgenär, gäldenär, status och steg',
        'Regelflaggor som kan markeras som lösta',
        'Ekonomi: kapital, ränta, avgifter, inbetalt och utestående belopp',
        'Flikarna Tidslinje, Kommunikation och KFM',
        'Åtgärder: lägg till avgift, beräkna ränta, skicka meddelande och eskalera till KFM',
      ]}
    />
  );
}
