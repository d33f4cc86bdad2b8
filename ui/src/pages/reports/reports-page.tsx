import { ComingSoonPage } from '../../components/coming-soon';

/** /reports: the page arrives with its feature; until then it says what it will hold. */
export function ReportsPage() {
  return (
    <ComingSoonPage
      title="Rapporter"
      description="Uppföljning av ärenden, inbetalningar och kommunikation."
      features={['Rapporter över ärenden, ekonomi och kommunikation', 'Rapportgenerator med export']}
    />
  );
}
