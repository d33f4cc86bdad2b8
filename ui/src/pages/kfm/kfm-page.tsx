import { ComingSoonPage } from '../../components/coming-soon';

/** /kfm: the page arrives with its feature; until then it says what it will hold. */
export function KfmPage() {
  return (
    <ComingSoonPage
      title="KFM-ärenden"
      description="Ansökningar till Kronofogden."
      features={[
        'Tabell över ansökningar om betalningsföreläggande och handräckning',
        'Status, målnummer och ansökningsavgift per ansökan',
        'Koppling till ärendet med kapital, ränta och avgifter',
      ]}
    />
  );
}
