import { ComingSoonPage } from '../../components/coming-soon';

/** /payments: the page arrives with its feature; until then it says what it will hold. */
export function PaymentsPage() {
  return (
    <ComingSoonPage
      title="Inbetalningar"
      description="Inkomna betalningar och avräkning mot ärenden."
      features={[
        'Tabell över inbetalningar med metod, belopp, OCR, datum och status',
        'Registrera en ny inbetalning',
        'Matcha en inbetalning mot ett ärende och avräkna kapital, ränta och avgifter',
        'Importera bankfiler (BgMax, camt.053 och CSV)',
      ]}
    />
  );
}
