import { ComingSoonPage } from '../../components/coming-soon';

/** /parties: the page arrives with its feature; until then it says what it will hold. */
export function PartiesPage() {
  return (
    <ComingSoonPage
      title="Parter (Gäldenärer)"
      description="Personer och företag som ärendena gäller."
      features={[
        'Lista över gäldenärer – personer och företag',
        'Skapa ny part – sök på organisations- eller personnummer',
        'Adress, e-post och telefon för kommunikation',
      ]}
    />
  );
}
