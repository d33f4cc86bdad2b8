import { ComingSoonPage } from '../../components/coming-soon';

/** /bank-reconciliation: the page arrives with its feature; until then it says what it will hold. */
export function BankReconciliationPage() {
  return (
    <ComingSoonPage
      title="Bankavstämning"
      description="Stäm av kontoutdrag mot bokförda inbetalningar."
      features={[
        'Status för jobbkön: väntande, pågående, klara och misslyckade jobb',
        'Fliken Bankutdrag: avstämningsstatus per kontoutdrag med granskning av avvikelser',
        'Fliken Bankkonton: klientmedels- och driftkonton',
      ]}
    />
  );
}
