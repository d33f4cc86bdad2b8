import { ComingSoonPage } from '../../components/coming-soon';
import { formatAmount } from '../../lib/format';

/** /settings/demo: the page arrives with its feature; until then it says what it will hold. */
export function DemoPage() {
  return (
    <ComingSoonPage
      title="Fordran Demo"
      description="Demodata för att prova systemet."
      features={[
        `Skapa ett demoärende: en faktura på ${formatAmount('7950.00')}, en delbetalning på ${formatAmount('2000.00')} och en betalplan med 3 delbetalningar`,
        'Ta bort demodata när du är klar',
      ]}
    />
  );
}
