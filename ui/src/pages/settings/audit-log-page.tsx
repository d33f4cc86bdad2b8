import { ComingSoonPage } from '../../components/coming-soon';

/** /settings/audit-log: the page arrives with its feature; until then it says what it will hold. */
export function AuditLogPage() {
  return (
    <ComingSoonPage
      title="Systemlogg"
      description="Händelser i organisationen."
      features={[
        'De 50 senaste händelserna med tidpunkt',
      ]}
    />
  );
}
