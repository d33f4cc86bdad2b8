import { ComingSoonPage } from '../../components/coming-soon';

/** /ledger: the page arrives with its feature; until then it says what it will hold. */
export function LedgerPage() {
  return (
    <ComingSoonPage
      title="Huvudbok & Journal"
      description="Bokföringen av inbetalningar och avräkningar."
      features={[
        'Fliken Journaler: de senaste verifikationerna med debet och kredit per konto',
        'Fliken Kontoplan: konton med kod, namn och kontotyp',
      ]}
    />
  );
}
