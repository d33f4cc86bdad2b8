import { ComingSoonPage } from '../../components/coming-soon';

/** /lawsuits/:id, reached from the lawsuits list. */
export function LawsuitDetailPage({ lawsuitId }: { lawsuitId: string }) {
  return (
    <ComingSoonPage
      title="Tvistemål"
      description={`Mål ${lawsuitId.slice(0, 8).toUpperCase()}`}
      back={{ href: '/lawsuits', label: 'Tillbaka till tvistemål' }}
      features={[
        'Status, spår (FT eller ORD), domstolsavgift och inlämningsdatum',
        "Delgivningsstatus ('Inväntar delgivning') och frister",
        'Kopplat ärende med borgenär och gäldenär',
      ]}
    />
  );
}
