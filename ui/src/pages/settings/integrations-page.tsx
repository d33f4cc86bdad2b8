import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/integrations: the page arrives with its feature; until then it says what it will hold. */
export function IntegrationsPage() {
  return (
    <ComingSoonPage
      title="Integrationer"
      description="Kopplingar till externa tjänster."
      features={[
        'Checklista för driftsättning med prioritet per uppgift',
        'Inställningar för fyra kanaler: e-post, SMS, Kivra och brev',
        'Planerade integrationer och deras status',
      ]}
    />
  );
}
