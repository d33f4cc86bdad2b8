import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/templates: the page arrives with its feature; until then it says what it will hold. */
export function TemplatesPage() {
  return (
    <ComingSoonPage
      title="Mallbibliotek Sverige v1"
      description="Färdiga mallar för svensk inkasso."
      features={[
        'Mallar per kategori med filter: påminnelse, inkassokrav, betalplan, KFM, tvistemål m.fl.',
        'Redigera mallar i flikarna Grundläggande, Innehåll och Inställningar',
      ]}
    />
  );
}
