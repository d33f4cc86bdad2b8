import { ComingSoonPage } from '../../components/coming-soon';

/** /finance: the page arrives with its feature; until then it says what it will hold. */
export function FinancePage() {
  return (
    <ComingSoonPage
      title="Ekonomi"
      description="Avgifter och räntor som används i ärendena."
      features={[
        'Avgiftskatalog med påminnelse-, inkasso- och förseningsavgifter',
        'Ränteprofiler: referensränta plus marginal eller fast ränta per år',
      ]}
    />
  );
}
