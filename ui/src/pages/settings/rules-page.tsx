import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/rules: the page arrives with its feature; until then it says what it will hold. */
export function RulesPage() {
  return (
    <ComingSoonPage
      title="Regelmotor"
      description="Regler som kontrolleras innan åtgärder i ärenden."
      features={[
        'Regler med allvarlighetsgrad: blockera, varning och info',
        'Aktivera och inaktivera regler',
        'Redigera villkor och åtgärder',
      ]}
    />
  );
}
